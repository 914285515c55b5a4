import { describe, expect, it } from 'vitest';
import { changeAvailability, DAYS_OF_WEEK, defaultAvailability, isAvailableAt, localDayAndHour, nextAvailableAt, normaliseTimeZone } from './availability.js';
import { MemberError } from './member-error.js';

describe('default availability', () => {
  it('has Do Not Disturb off, a 10-foot height limit and a 5-mile range', () => {
    const { doNotDisturb, elevationMaximumFeet, rangeInMiles } = defaultAvailability();
    expect({ doNotDisturb, elevationMaximumFeet, rangeInMiles }).toEqual({ doNotDisturb: false, elevationMaximumFeet: 10, rangeInMiles: 5 });
  });

  it('covers every day, Sunday first: weekdays 5pm to 10pm, weekends 9am to 10pm', () => {
    expect(DAYS_OF_WEEK).toEqual(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
    expect(defaultAvailability().days).toEqual([
      { fromHour: 9, toHour: 22 },
      { fromHour: 17, toHour: 22 },
      { fromHour: 17, toHour: 22 },
      { fromHour: 17, toHour: 22 },
      { fromHour: 17, toHour: 22 },
      { fromHour: 17, toHour: 22 },
      { fromHour: 9, toHour: 22 },
    ]);
  });

  it('gives each member its own copy, so changing one leaves the defaults alone', () => {
    const first = defaultAvailability();
    first.days[1] = { fromHour: 0, toHour: 24 };
    const firstDay = first.days[0];
    if (firstDay) firstDay.fromHour = 3;
    expect(defaultAvailability().days.slice(0, 2)).toEqual([
      { fromHour: 9, toHour: 22 },
      { fromHour: 17, toHour: 22 },
    ]);
  });
});

describe('changeAvailability', () => {
  const refusal = (change: Parameters<typeof changeAvailability>[1]) => {
    try {
      changeAvailability(defaultAvailability(), change);
      return undefined;
    } catch (error) {
      if (error instanceof MemberError) return { code: error.code, message: error.message, details: error.details };
      throw error;
    }
  };

  it('changes only the fields given and leaves the current availability untouched', () => {
    const current = defaultAvailability();
    const next = changeAvailability(current, { rangeInMiles: 25, elevationMaximumFeet: 1, doNotDisturb: true, dayHours: [{ day: 0, fromHour: 0, toHour: 24 }] });
    expect(next).toEqual({ ...defaultAvailability(), rangeInMiles: 25, elevationMaximumFeet: 1, doNotDisturb: true, days: [{ fromHour: 0, toHour: 24 }, ...defaultAvailability().days.slice(1)] });
    expect(current).toEqual(defaultAvailability());
  });

  it.each([
    [{ rangeInMiles: 26 }, 'Range in miles cannot exceed 25.'],
    [{ rangeInMiles: 0 }, 'Range in miles must be at least 1.'],
    [{ rangeInMiles: 2.5 }, 'Range in miles must be a whole number.'],
    [{ elevationMaximumFeet: 51 }, 'Elevation maximum cannot exceed 50.'],
    [{ elevationMaximumFeet: 0 }, 'Elevation maximum must be at least 1.'],
    [{ elevationMaximumFeet: Number.NaN }, 'Elevation maximum must be a whole number of feet.'],
    [{ dayHours: [{ day: 1, fromHour: 24 }] }, 'Monday From must be an hour from 0 to 23.'],
    [{ dayHours: [{ day: 1, fromHour: -1 }] }, 'Monday From must be an hour from 0 to 23.'],
    [{ dayHours: [{ day: 6, toHour: 0 }] }, 'Saturday To must be an hour from 1 to 24.'],
    [{ dayHours: [{ day: 6, toHour: 25 }] }, 'Saturday To must be an hour from 1 to 24.'],
    [{ dayHours: [{ day: 2, fromHour: 22 }] }, 'Tuesday To must be after From.'],
    [{ dayHours: [{ day: 3, toHour: 17 }] }, 'Wednesday To must be after From.'],
    [{ dayHours: [{ day: 7, fromHour: 1 }] }, 'Unknown day.'],
  ])('refuses %j with %j', (change, message) => {
    expect(refusal(change)).toEqual({ code: 'MEMBER.INVALID_AVAILABILITY', message, details: [message] });
  });

  it('accepts the bounds: range 1 and 25, elevation 1 and 50, From 0 and 23, To 1 and 24', () => {
    expect(refusal({ rangeInMiles: 1, elevationMaximumFeet: 50, dayHours: [{ day: 0, fromHour: 0, toHour: 1 }, { day: 1, fromHour: 23, toHour: 24 }] })).toBeUndefined();
    expect(refusal({ rangeInMiles: 25, elevationMaximumFeet: 1 })).toBeUndefined();
  });

  it('lists every broken rule at once', () => {
    expect(refusal({ rangeInMiles: 30, elevationMaximumFeet: 60 })?.details).toEqual(['Elevation maximum cannot exceed 50.', 'Range in miles cannot exceed 25.']);
  });
});

describe('normaliseTimeZone', () => {
  it('returns the canonical IANA name', () => {
    expect(normaliseTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(normaliseTimeZone(' america/new_york ')).toBe('America/New_York');
    expect(normaliseTimeZone('UTC')).toBe('UTC');
  });

  it.each(['', 'Mars/Olympus_Mons', 'America/Nowhere', '+05:00', 'x'.repeat(65), 'Europe/../Paris'])('refuses %j', (zone) => {
    expect(() => normaliseTimeZone(zone)).toThrow(expect.objectContaining({ code: 'MEMBER.INVALID_TIME_ZONE' }));
  });
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
