import { describe, expect, it } from 'vitest';
import { isAvailableAt, localDayAndHour, nextAvailableAt, type AlertWindows } from './alert-window.js';

const DAYS_OF_WEEK = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
/** A new member's windows (the member service's default): weekdays 5pm–10pm, weekends 9am–10pm. */
const defaultAvailability = (): AlertWindows => ({
  doNotDisturb: false,
  days: DAYS_OF_WEEK.map((day) => (day === 'saturday' || day === 'sunday' ? { fromHour: 9, toHour: 22 } : { fromHour: 17, toHour: 22 })),
});
const changeAvailability = (windows: AlertWindows, change: { dayHours: { day: number; fromHour: number; toHour: number }[] }): AlertWindows => ({
  ...windows,
  days: windows.days.map((window, index) => {
    const changed = change.dayHours.find(({ day }) => day === index);
    return changed ? { fromHour: changed.fromHour, toHour: changed.toHour } : window;
  }),
});

describe('isAvailableAt', () => {
  const weekdayEvenings = defaultAvailability();

  it('reads the hour in the member\'s time zone, not in UTC', () => {
    // Wednesday 2026-06-03 01:30 UTC is Tuesday 18:30 in Los Angeles (PDT, UTC-7) and Wednesday 03:30 in Paris.
    const instant = new Date('2026-06-03T01:30:00Z');
    expect(localDayAndHour(instant, 'America/Los_Angeles')).toEqual({ day: 2, hour: 18 });
    expect(isAvailableAt(weekdayEvenings, 'America/Los_Angeles', instant)).toBe(true);
    expect(isAvailableAt(weekdayEvenings, 'Europe/Paris', instant)).toBe(false);
  });

  it('includes the From hour and excludes the To hour', () => {
    // Monday 2026-06-01 in UTC: the default weekday window is 17 to 22.
    expect(isAvailableAt(weekdayEvenings, 'UTC', new Date('2026-06-01T16:59:59Z'))).toBe(false);
    expect(isAvailableAt(weekdayEvenings, 'UTC', new Date('2026-06-01T17:00:00Z'))).toBe(true);
    expect(isAvailableAt(weekdayEvenings, 'UTC', new Date('2026-06-01T21:59:59Z'))).toBe(true);
    expect(isAvailableAt(weekdayEvenings, 'UTC', new Date('2026-06-01T22:00:00Z'))).toBe(false);
  });

  it('treats To 24 as reaching midnight, and the next day follows its own window', () => {
    const lateMonday = changeAvailability(defaultAvailability(), { dayHours: [{ day: 1, fromHour: 20, toHour: 24 }] });
    expect(isAvailableAt(lateMonday, 'UTC', new Date('2026-06-01T23:59:59Z'))).toBe(true);
    // Tuesday 00:00 falls in Tuesday's window (17 to 22), not Monday's.
    expect(isAvailableAt(lateMonday, 'UTC', new Date('2026-06-02T00:00:00Z'))).toBe(false);
  });

  it('uses the weekend window on Saturday and Sunday in the member\'s zone', () => {
    // Saturday 2026-06-06 10:00 in Sydney (UTC+10) is Saturday 00:00 UTC.
    expect(localDayAndHour(new Date('2026-06-06T00:00:00Z'), 'Australia/Sydney')).toEqual({ day: 6, hour: 10 });
    expect(isAvailableAt(weekdayEvenings, 'Australia/Sydney', new Date('2026-06-06T00:00:00Z'))).toBe(true);
    expect(isAvailableAt(weekdayEvenings, 'UTC', new Date('2026-06-06T00:00:00Z'))).toBe(false);
  });

  it('follows daylight saving time changes', () => {
    // 22:30 UTC is 17:30 in New York in January (EST, UTC-5) and 18:30 in July (EDT, UTC-4).
    expect(localDayAndHour(new Date('2026-01-13T22:30:00Z'), 'America/New_York')).toEqual({ day: 2, hour: 17 });
    expect(localDayAndHour(new Date('2026-07-14T22:30:00Z'), 'America/New_York')).toEqual({ day: 2, hour: 18 });
    // 21:30 UTC: 16:30 in January (outside 17–22), 17:30 in July (inside).
    expect(isAvailableAt(weekdayEvenings, 'America/New_York', new Date('2026-01-13T21:30:00Z'))).toBe(false);
    expect(isAvailableAt(weekdayEvenings, 'America/New_York', new Date('2026-07-14T21:30:00Z'))).toBe(true);
  });

  it('is never available while Do Not Disturb is on', () => {
    const allDay = changeAvailability(defaultAvailability(), { dayHours: [{ day: 1, fromHour: 0, toHour: 24 }] });
    expect(isAvailableAt(allDay, 'UTC', new Date('2026-06-01T12:00:00Z'))).toBe(true);
    expect(isAvailableAt({ ...allDay, doNotDisturb: true }, 'UTC', new Date('2026-06-01T12:00:00Z'))).toBe(false);
  });
});

describe('nextAvailableAt', () => {
  const defaults = defaultAvailability();

  it('is the instant itself when the member is available then', () => {
    const instant = new Date('2026-06-01T18:12:34Z');
    expect(nextAvailableAt(defaults, 'UTC', instant)).toEqual(instant);
  });

  it('is the start of the window later the same day', () => {
    // Monday 10:05 UTC: the weekday window opens at 17:00.
    expect(nextAvailableAt(defaults, 'UTC', new Date('2026-06-01T10:05:00Z'))).toEqual(new Date('2026-06-01T17:00:00Z'));
  });

  it("moves to the next day's window after the To hour, in the member's zone", () => {
    // Friday 22:30 in Los Angeles (PDT) is Saturday 05:30 UTC; Saturday's window opens at 09:00 local, 16:00 UTC.
    expect(nextAvailableAt(defaults, 'America/Los_Angeles', new Date('2026-06-06T05:30:00Z'))).toEqual(new Date('2026-06-06T16:00:00Z'));
  });

  it('finds the window start in a zone with a half-hour offset', () => {
    // Monday 12:00 UTC is 17:30 in Kolkata (UTC+5:30), inside 17–22; 11:00 UTC is 16:30, so the window opens at 17:00 local.
    expect(nextAvailableAt(defaults, 'Asia/Kolkata', new Date('2026-06-01T11:00:00Z'))).toEqual(new Date('2026-06-01T11:30:00Z'));
  });

  it('is undefined while Do Not Disturb is on', () => {
    expect(nextAvailableAt({ ...defaults, doNotDisturb: true }, 'UTC', new Date('2026-06-01T10:00:00Z'))).toBeUndefined();
  });
});

describe('nextAvailableAt across DST changes, midnight and the 24-hour To', () => {
  const everyDay = (fromHour: number, toHour: number) => ({ ...defaultAvailability(), days: DAYS_OF_WEEK.map(() => ({ fromHour, toHour })) });

  it('opens a window whose From hour is skipped by the spring-forward change at the first local hour that exists', () => {
    // Sunday 8 March 2026 in Los Angeles: 02:00 PST jumps to 03:00 PDT at 10:00 UTC. A 2–5 window opens then.
    const availability = everyDay(2, 5);
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-03-08T09:30:00Z'))).toEqual(new Date('2026-03-08T10:00:00Z'));
  });

  it('reads the window start in the offset of the day itself after the spring-forward change', () => {
    // 09:00 on that Sunday is PDT (UTC-7), 16:00 UTC, not 17:00 as the PST offset of the night before would give.
    expect(nextAvailableAt(everyDay(9, 22), 'America/Los_Angeles', new Date('2026-03-08T08:00:00Z'))).toEqual(new Date('2026-03-08T16:00:00Z'));
  });

  it('reads the window start in the offset of the day itself after the fall-back change', () => {
    // Sunday 1 November 2026: 02:00 PDT falls back to 01:00 PST at 09:00 UTC, so 09:00 local is 17:00 UTC.
    expect(nextAvailableAt(everyDay(9, 22), 'America/Los_Angeles', new Date('2026-11-01T08:00:00Z'))).toEqual(new Date('2026-11-01T17:00:00Z'));
  });

  it('keeps a member available through the repeated hour of the fall-back change', () => {
    // 01:00–02:00 local happens twice (08:00 and 09:00 UTC); a 1–2 window covers both.
    const availability = everyDay(1, 2);
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-11-01T08:30:00Z'))).toEqual(new Date('2026-11-01T08:30:00Z'));
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-11-01T09:30:00Z'))).toEqual(new Date('2026-11-01T09:30:00Z'));
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-11-01T10:00:00Z'))).toEqual(new Date('2026-11-02T09:00:00Z'));
  });

  it('with To 24 is available until the last instant before midnight and not at midnight', () => {
    const availability = { ...defaultAvailability(), days: DAYS_OF_WEEK.map(() => ({ fromHour: 17, toHour: 22 })) };
    availability.days[1] = { fromHour: 17, toHour: 24 };
    // Monday 23:59:59.999 UTC is inside Monday's 17–24 window.
    expect(nextAvailableAt(availability, 'UTC', new Date('2026-06-01T23:59:59.999Z'))).toEqual(new Date('2026-06-01T23:59:59.999Z'));
    // Tuesday 00:00 belongs to Tuesday, whose window opens at 17:00.
    expect(nextAvailableAt(availability, 'UTC', new Date('2026-06-02T00:00:00Z'))).toEqual(new Date('2026-06-02T17:00:00Z'));
  });

  it('crosses midnight into the next day when the window of the day is over, in the member zone', () => {
    // Monday 22:30 in New York (EDT) is Tuesday 02:30 UTC; Tuesday's 17–22 window opens at 21:00 UTC.
    expect(nextAvailableAt(defaultAvailability(), 'America/New_York', new Date('2026-06-02T02:30:00Z'))).toEqual(new Date('2026-06-02T21:00:00Z'));
  });

  it('opens a window starting at midnight exactly at local midnight', () => {
    // Tuesday 0–24 in Los Angeles starts at Tuesday 00:00 PDT, 07:00 UTC.
    const availability = { ...defaultAvailability(), days: DAYS_OF_WEEK.map(() => ({ fromHour: 20, toHour: 21 })) };
    availability.days[2] = { fromHour: 0, toHour: 24 };
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-06-02T04:30:00Z'))).toEqual(new Date('2026-06-02T07:00:00Z'));
    // And stays open all Tuesday: 23:45 local is 06:45 UTC on Wednesday.
    expect(nextAvailableAt(availability, 'America/Los_Angeles', new Date('2026-06-03T06:45:00Z'))).toEqual(new Date('2026-06-03T06:45:00Z'));
  });
});
