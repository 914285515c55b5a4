import { describe, expect, it } from 'vitest';
import { DAYS_OF_WEEK, defaultAvailability } from './availability.js';

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
