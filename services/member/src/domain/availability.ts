import { MemberError } from './member-error.js';

export const DAYS_OF_WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** Hours in the member's time zone: from 0 to 23, to 1 to 24; the window runs from the start of `fromHour` to the start of `toHour`. */
export type DayWindow = { fromHour: number; toHour: number };

export type Availability = {
  doNotDisturb: boolean;
  elevationMaximumFeet: number;
  rangeInMiles: number;
  /** One window per day, Sunday first (index 0) through Saturday (index 6). */
  days: DayWindow[];
  /**
   * 'Also alert me for unclaimed swarms up to N more miles': a swarm beyond the range but within range + extraMiles
   * is alerted to the member when nobody nearer claims it in time. 0 is off.
   */
  extraMiles: number;
};

export const DEFAULT_RANGE_IN_MILES = 5;
export const DEFAULT_ELEVATION_MAXIMUM_FEET = 10;
export const DEFAULT_WEEKDAY_WINDOW: DayWindow = { fromHour: 17, toHour: 22 };
export const DEFAULT_WEEKEND_WINDOW: DayWindow = { fromHour: 9, toHour: 22 };

export const MIN_ELEVATION_MAXIMUM_FEET = 1;
export const MAX_ELEVATION_MAXIMUM_FEET = 50;
export const MIN_RANGE_IN_MILES = 1;
export const MAX_RANGE_IN_MILES = 25;
export const DEFAULT_EXTRA_MILES = 0;
export const MIN_EXTRA_MILES = 0;
export const MAX_EXTRA_MILES = 25;

const isWeekend = (day: DayOfWeek) => day === 'saturday' || day === 'sunday';

/**
 * A new member's availability (spec §1 and §9): every day, weekdays 5pm–10pm, weekends 9am–10pm, 5 miles, 10 feet;
 * no extra miles.
 */
export function defaultAvailability(): Availability {
  return {
    doNotDisturb: false,
    elevationMaximumFeet: DEFAULT_ELEVATION_MAXIMUM_FEET,
    rangeInMiles: DEFAULT_RANGE_IN_MILES,
    days: DAYS_OF_WEEK.map((day) => ({ ...(isWeekend(day) ? DEFAULT_WEEKEND_WINDOW : DEFAULT_WEEKDAY_WINDOW) })),
    extraMiles: DEFAULT_EXTRA_MILES,
  };
}

/** What a member may change in one request; fields left out keep their value. `day` is 0 (Sunday) to 6. */
export type AvailabilityChange = {
  doNotDisturb?: boolean;
  elevationMaximumFeet?: number;
  rangeInMiles?: number;
  extraMiles?: number;
  dayHours?: { day: number; fromHour?: number; toHour?: number }[];
};

const dayLabel = (day: number) => {
  const name = DAYS_OF_WEEK[day] ?? 'day';
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * The availability after the change, checked as a whole, or MEMBER.INVALID_AVAILABILITY listing every broken rule
 * (spec §5 and §9: elevation 1–50 feet, range 1–25 miles, From 0–23, To 1–24, To after From; extra miles 0–25).
 */
export function changeAvailability(current: Availability, change: AvailabilityChange): Availability {
  const errors: string[] = [];
  const next: Availability = { ...current, days: current.days.map((window) => ({ ...window })) };

  if (change.doNotDisturb !== undefined) next.doNotDisturb = change.doNotDisturb;
  if (change.elevationMaximumFeet !== undefined) {
    const value = change.elevationMaximumFeet;
    if (!Number.isInteger(value)) errors.push('Elevation maximum must be a whole number of feet.');
    else if (value > MAX_ELEVATION_MAXIMUM_FEET) errors.push('Elevation maximum cannot exceed 50.');
    else if (value < MIN_ELEVATION_MAXIMUM_FEET) errors.push('Elevation maximum must be at least 1.');
    else next.elevationMaximumFeet = value;
  }
  if (change.rangeInMiles !== undefined) {
    const value = change.rangeInMiles;
    if (!Number.isInteger(value)) errors.push('Range in miles must be a whole number.');
    else if (value > MAX_RANGE_IN_MILES) errors.push('Range in miles cannot exceed 25.');
    else if (value < MIN_RANGE_IN_MILES) errors.push('Range in miles must be at least 1.');
    else next.rangeInMiles = value;
  }
  if (change.extraMiles !== undefined) {
    const value = change.extraMiles;
    if (!Number.isInteger(value)) errors.push('Extra miles must be a whole number.');
    else if (value > MAX_EXTRA_MILES) errors.push('Extra miles cannot exceed 25.');
    else if (value < MIN_EXTRA_MILES) errors.push('Extra miles cannot be negative.');
    else next.extraMiles = value;
  }
  for (const hours of change.dayHours ?? []) {
    const window = next.days[hours.day];
    if (!Number.isInteger(hours.day) || !window) {
      errors.push('Unknown day.');
      continue;
    }
    const label = dayLabel(hours.day);
    let hoursValid = true;
    if (hours.fromHour !== undefined) {
      if (!Number.isInteger(hours.fromHour) || hours.fromHour < 0 || hours.fromHour > 23) {
        errors.push(`${label} From must be an hour from 0 to 23.`);
        hoursValid = false;
      } else window.fromHour = hours.fromHour;
    }
    if (hours.toHour !== undefined) {
      if (!Number.isInteger(hours.toHour) || hours.toHour < 1 || hours.toHour > 24) {
        errors.push(`${label} To must be an hour from 1 to 24.`);
        hoursValid = false;
      } else window.toHour = hours.toHour;
    }
    if (hoursValid && window.toHour <= window.fromHour) errors.push(`${label} To must be after From.`);
  }

  if (errors.length > 0) throw new MemberError('MEMBER.INVALID_AVAILABILITY', errors[0] ?? 'Invalid availability.', errors);
  return next;
}

export const MAX_TIME_ZONE_LENGTH = 64;
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The canonical IANA name ("america/new_york" → "America/New_York"), or MEMBER.INVALID_TIME_ZONE. */
export function normaliseTimeZone(raw: string): string {
  const name = raw.trim();
  if (name.length > 0 && name.length <= MAX_TIME_ZONE_LENGTH && TIME_ZONE_SHAPE.test(name)) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      // Not a zone this runtime's time zone database knows: refused below.
    }
  }
  throw new MemberError('MEMBER.INVALID_TIME_ZONE', 'Time zone is not a known IANA time zone.', ['Time zone is not a known IANA time zone.']);
}
