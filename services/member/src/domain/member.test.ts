import { describe, expect, it } from 'vitest';
import { defaultAvailability } from './availability.js';
import { newMember, normaliseEmail } from './member.js';
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
  it('starts with the normalised email and the default availability', () => {
    const createdAt = new Date('2026-06-01T12:00:00Z');
    expect(newMember({ memberId: 'm-1', email: ' Ada@Example.org', createdAt })).toEqual({
      memberId: 'm-1',
      email: 'ada@example.org',
      availability: defaultAvailability(),
      createdAt,
    });
  });
});
