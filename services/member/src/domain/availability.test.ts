import { describe, expect, it } from 'vitest';
import { changeAvailability, DAYS_OF_WEEK, defaultAvailability, normaliseTimeZone } from './availability.js';
import { MemberError } from './member-error.js';

describe('default availability', () => {
  it('has Do Not Disturb off, a 10-foot height limit, a 5-mile range and no extra miles', () => {
    const { doNotDisturb, elevationMaximumFeet, rangeInMiles, extraMiles } = defaultAvailability();
    expect({ doNotDisturb, elevationMaximumFeet, rangeInMiles, extraMiles }).toEqual({ doNotDisturb: false, elevationMaximumFeet: 10, rangeInMiles: 5, extraMiles: 0 });
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
    [{ extraMiles: 26 }, 'Extra miles cannot exceed 25.'],
    [{ extraMiles: -1 }, 'Extra miles cannot be negative.'],
    [{ extraMiles: 2.5 }, 'Extra miles must be a whole number.'],
    [{ extraMiles: Number.POSITIVE_INFINITY }, 'Extra miles must be a whole number.'],
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

  it('accepts extra miles from 0 (off) to 25 and changes only them', () => {
    expect(changeAvailability(defaultAvailability(), { extraMiles: 25 })).toEqual({ ...defaultAvailability(), extraMiles: 25 });
    expect(changeAvailability({ ...defaultAvailability(), extraMiles: 10 }, { extraMiles: 0 })).toEqual(defaultAvailability());
  });

  it('lists every broken rule at once', () => {
    expect(refusal({ rangeInMiles: 30, elevationMaximumFeet: 60, extraMiles: 0.5 })?.details).toEqual([
      'Elevation maximum cannot exceed 50.',
      'Range in miles cannot exceed 25.',
      'Extra miles must be a whole number.',
    ]);
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
