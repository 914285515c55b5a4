import { describe, expect, it } from 'vitest';
import { defaultAvailability } from './availability.js';
import { changeOnboarding, checkInformation, keepsHome, nationalPhoneNumber, newMember, normaliseEmail, placedAddress } from './member.js';
import { MemberError } from './member-error.js';

function refusalOf(raw: string): string | undefined {
  try {
    normaliseEmail(raw);
    return undefined;
  } catch (error) {
    if (error instanceof MemberError) return error.code;
    throw error;
  }
}

describe('normaliseEmail', () => {
  it('trims and lower-cases the email', () => {
    expect(normaliseEmail('  Ada.Lovelace@Example.ORG \n')).toBe('ada.lovelace@example.org');
  });

  it.each(['ada@example.org', 'ada+bees@mail.example.co.uk', "o'brien@example.org"])('accepts %s', (email) => {
    expect(normaliseEmail(email)).toBe(email);
  });

  it.each(['', '   ', 'ada', 'ada@', '@example.org', 'ada@example', 'ada@@example.org', 'ada@exa mple.org', 'a da@example.org', 'ada@example..org', 'ada@.example.org'])(
    'refuses %j as an invalid email',
    (email) => {
      expect(refusalOf(email)).toBe('MEMBER.INVALID_EMAIL');
    },
  );

  it('accepts an email of 254 characters and refuses 255', () => {
    const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.org`;
    const atLimit = `${'a'.repeat(254 - domain.length - 1)}@${domain}`;
    expect(atLimit).toHaveLength(254);
    expect(refusalOf(atLimit)).toBeUndefined();
    expect(refusalOf(`a${atLimit}`)).toBe('MEMBER.INVALID_EMAIL');
  });

  it('accepts a local part of 64 characters and refuses 65', () => {
    expect(refusalOf(`${'a'.repeat(64)}@example.org`)).toBeUndefined();
    expect(refusalOf(`${'a'.repeat(65)}@example.org`)).toBe('MEMBER.INVALID_EMAIL');
  });
});

describe('newMember', () => {
  it('starts with the normalised email, no information, the default availability, no channel chosen, no device and the dashboard tour to show', () => {
    const createdAt = new Date('2026-06-01T12:00:00Z');
    expect(newMember({ memberId: 'm-1', email: ' Ada@Example.org', createdAt })).toEqual({
      memberId: 'm-1',
      email: 'ada@example.org',
      name: '',
      phoneNumber: '',
      address: '',
      home: undefined,
      timeZone: 'UTC',
      onboarding: [{ onboardingId: 1, status: 'a' }],
      availability: defaultAvailability(),
      alertChannels: undefined,
      pushDevices: [],
      createdAt,
    });
  });
});

describe('placing the address', () => {
  const member = newMember({ memberId: 'm-1', email: 'ada@example.org', createdAt: new Date('2026-06-01T12:00:00Z') });

  it('keeps the home only for the address the member already has', () => {
    const placed = { ...member, address: '1 Hive Way, Portland, OR, USA', home: { latitude: 45.5, longitude: -122.6 } };
    expect(keepsHome(placed, '1 Hive Way, Portland, OR, USA')).toBe(true);
    expect(keepsHome(placed, '2 Hive Way, Portland, OR, USA')).toBe(false);
    expect(keepsHome(member, '')).toBe(false);
  });

  it("stores the place's name and location", () => {
    expect(placedAddress({ formattedAddress: ' 1 Hive  Way, Portland, OR, USA ', latitude: 45.5, longitude: -122.6 })).toEqual({
      address: '1 Hive Way, Portland, OR, USA',
      home: { latitude: 45.5, longitude: -122.6 },
    });
  });

  it.each([
    ['no place', undefined],
    ['a place off the earth', { formattedAddress: 'x', latitude: 91, longitude: 0 }],
  ])('refuses %s as unresolved with the spec message', (_case, place) => {
    expect(() => placedAddress(place)).toThrow(
      expect.objectContaining({ code: 'MEMBER.ADDRESS_UNRESOLVED', details: ['Please select an address from the list.'] }),
    );
  });
});

describe('checkInformation', () => {
  const valid = { name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' };
  const refusal = (information: Parameters<typeof checkInformation>[0]) => {
    try {
      checkInformation(information);
      return undefined;
    } catch (error) {
      if (error instanceof MemberError) return { code: error.code, details: error.details };
      throw error;
    }
  };

  it('accepts a two-word name, 10 digits and an address, tidying spaces', () => {
    expect(checkInformation({ ...valid, name: '  Ada   Lovelace ', address: ' 1 Hive  Way, Portland, OR, USA ' })).toEqual(valid);
  });

  it('accepts an empty phone and an empty address', () => {
    expect(checkInformation({ ...valid, phoneNumber: '', address: '' })).toEqual({ ...valid, phoneNumber: '', address: '' });
  });

  it.each([
    [{ name: 'Ada' }, 'First and Last name required'],
    [{ name: '   ' }, 'First and Last name required'],
    [{ name: `Ada ${'L'.repeat(252)}` }, 'Name is too long'],
    [{ phoneNumber: '503555010' }, 'Phone is invalid (10 digts, only numbers)'],
    [{ phoneNumber: '503-555-0100' }, 'Phone is invalid (10 digts, only numbers)'],
    [{ address: 'a'.repeat(501) }, 'Address is too long'],
  ])('refuses %j with %j', (change, message) => {
    expect(refusal({ ...valid, ...change })).toEqual({ code: 'MEMBER.INVALID_INFORMATION', details: [message] });
  });

  it('accepts a name of exactly 255 characters', () => {
    expect(refusal({ ...valid, name: `Ada ${'L'.repeat(251)}` })).toBeUndefined();
  });
});

describe('changeOnboarding', () => {
  it('sets the status of the dashboard tour', () => {
    expect(changeOnboarding([{ onboardingId: 1, status: 'a' }], 1, 'c')).toEqual([{ onboardingId: 1, status: 'c' }]);
    expect(changeOnboarding([], 1, 'a')).toEqual([{ onboardingId: 1, status: 'a' }]);
  });

  it('refuses an unknown id or status', () => {
    expect(() => changeOnboarding([], 2, 'c')).toThrow('Unknown onboarding id.');
    expect(() => changeOnboarding([], 1, 'x')).toThrow("Onboarding status must be 'a' or 'c'.");
  });
});

describe('nationalPhoneNumber', () => {
  it('reads the ten national digits from the forms an SMS provider and people use', () => {
    for (const raw of ['+15035550100', '15035550100', '5035550100', ' (503) 555-0100 ', '+1 503 555 0100']) {
      expect(nationalPhoneNumber(raw)).toBe('5035550100');
    }
  });

  it('refuses numbers that are not US ten-digit numbers', () => {
    for (const raw of ['', '+445035550100', '503555010', '25035550100', '+1503555010x', 'abc']) expect(nationalPhoneNumber(raw)).toBeUndefined();
  });
});
