/**
 * When a member may be alerted (spec §4): never under Do Not Disturb; otherwise inside that day's window, hours read in
 * the member's own time zone. The member service keeps the windows (and the rules for editing them); this is the one
 * place that reads them, from the copy of the member's settings alert dispatch keeps.
 */

/** Hours in the member's time zone: from 0 to 23, to 1 to 24; the window runs from the start of `fromHour` to the start of `toHour`. */
export type DayWindow = { fromHour: number; toHour: number };

/** Do Not Disturb and one window per day, Sunday first (index 0) through Saturday (index 6). */
export type AlertWindows = { doNotDisturb: boolean; days: DayWindow[] };

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function dayAndHourFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day of the week (0 Sunday) and hour (0–23) an instant falls on in a time zone. */
export function localDayAndHour(instant: Date, timeZone: string): { day: number; hour: number } {
  const parts = dayAndHourFormatter(timeZone).formatToParts(instant);
  const weekday = parts.find((part) => part.type === 'weekday')?.value ?? '';
  const hour = Number(parts.find((part) => part.type === 'hour')?.value);
  const day = weekdayIndex[weekday];
  if (day === undefined || !Number.isInteger(hour)) throw new Error(`cannot read the local time in ${timeZone}`);
  return { day, hour };
}

/**
 * Whether a member may be alerted at this instant: Do Not Disturb off, and the local hour inside that day's window
 * (From inclusive, To exclusive; To 24 reaches midnight). Hours are read in the member's own time zone.
 */
export function isAvailableAt(availability: AlertWindows, timeZone: string, instant: Date): boolean {
  if (availability.doNotDisturb) return false;
  const { day, hour } = localDayAndHour(instant, timeZone);
  const window = availability.days[day];
  return window !== undefined && hour >= window.fromHour && hour < window.toHour;
}

/** Every time zone's offset is a whole number of quarter hours, so local hours start on a UTC quarter hour. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** A week and a day: every day has a window, so one is always found within it unless Do Not Disturb is on. */
const SEARCH_HORIZON_MS = 8 * 24 * 60 * 60 * 1000;

/**
 * The first instant at or after `from` when the member may be alerted: `from` itself when available then, otherwise
 * the start of the next local hour inside a window. Undefined while Do Not Disturb is on.
 */
export function nextAvailableAt(availability: AlertWindows, timeZone: string, from: Date): Date | undefined {
  if (availability.doNotDisturb) return undefined;
  if (isAvailableAt(availability, timeZone, from)) return from;
  const start = Math.ceil(from.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  for (let candidate = start; candidate <= from.getTime() + SEARCH_HORIZON_MS; candidate += QUARTER_HOUR_MS) {
    const instant = new Date(candidate);
    if (isAvailableAt(availability, timeZone, instant)) return instant;
  }
  return undefined;
}
