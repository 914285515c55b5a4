export const DAYS_OF_WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** Hours in the member's time zone: from 0 to 23, to 1 to 24. */
export type DayWindow = { fromHour: number; toHour: number };

export type Availability = {
  doNotDisturb: boolean;
  elevationMaximumFeet: number;
  rangeInMiles: number;
  /** One window per day, Sunday first (index 0) through Saturday (index 6). */
  days: DayWindow[];
};

export const DEFAULT_RANGE_IN_MILES = 5;
export const DEFAULT_ELEVATION_MAXIMUM_FEET = 10;
export const DEFAULT_WEEKDAY_WINDOW: DayWindow = { fromHour: 17, toHour: 22 };
export const DEFAULT_WEEKEND_WINDOW: DayWindow = { fromHour: 9, toHour: 22 };

const isWeekend = (day: DayOfWeek) => day === 'saturday' || day === 'sunday';

/** A new member's availability (spec §1 and §9): every day, weekdays 5pm–10pm, weekends 9am–10pm, 5 miles, 10 feet. */
export function defaultAvailability(): Availability {
  return {
    doNotDisturb: false,
    elevationMaximumFeet: DEFAULT_ELEVATION_MAXIMUM_FEET,
    rangeInMiles: DEFAULT_RANGE_IN_MILES,
    days: DAYS_OF_WEEK.map((day) => ({ ...(isWeekend(day) ? DEFAULT_WEEKEND_WINDOW : DEFAULT_WEEKDAY_WINDOW) })),
  };
}
