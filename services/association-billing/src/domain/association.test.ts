import { describe, expect, it } from 'vitest';
import { checkAssociationDetails, newAssociation, type UncheckedAssociationDetails } from './association.js';
import { AssociationError } from './association-error.js';

const valid: UncheckedAssociationDetails = { companyName: 'Springfield Beekeepers', donationUrl: 'https://springfield-bees.example.org/donate' };

function problemsOf(input: Partial<UncheckedAssociationDetails>): string[] {
  try {
    checkAssociationDetails({ ...valid, ...input });
    return [];
  } catch (error) {
    if (error instanceof AssociationError && error.code === 'ASSOCIATION.INVALID') return error.details;
    throw error;
  }
}

describe('checkAssociationDetails', () => {
  it('accepts a name and donation URL and trims both', () => {
    expect(checkAssociationDetails({ companyName: '  Springfield Beekeepers ', donationUrl: ' https://example.org/give ' })).toEqual({
      companyName: 'Springfield Beekeepers',
      donationUrl: 'https://example.org/give',
    });
  });

  it.each(['', '   '])('refuses the company name %j', (companyName) => {
    expect(problemsOf({ companyName })).toEqual(['Company name is required']);
  });

  it('allows a company name of 255 characters and refuses 256', () => {
    expect(problemsOf({ companyName: 'a'.repeat(255) })).toEqual([]);
    expect(problemsOf({ companyName: 'a'.repeat(256) })).toEqual(['Company name must be at most 255 characters']);
  });

  it('counts the name length after trimming', () => {
    expect(problemsOf({ companyName: ` ${'a'.repeat(255)} ` })).toEqual([]);
  });

  it.each(['', '   '])('treats the donation URL %j as no donation URL', (donationUrl) => {
    const details = checkAssociationDetails({ ...valid, donationUrl });
    expect(details).toEqual({ companyName: 'Springfield Beekeepers' });
    expect('donationUrl' in details).toBe(false);
  });

  it.each(['http://example.org', 'https://example.org/donate?campaign=swarm#top', 'HTTPS://EXAMPLE.ORG/Give'])(
    'accepts the donation URL %s',
    (donationUrl) => {
      expect(checkAssociationDetails({ ...valid, donationUrl }).donationUrl).toBe(donationUrl);
    },
  );

  it.each(['example.org/donate', '/donate', 'ftp://example.org/donate', 'javascript:alert(1)', 'mailto:give@example.org', 'https://', 'http//example.org'])(
    'refuses the donation URL %j',
    (donationUrl) => {
      expect(problemsOf({ donationUrl })).toEqual(['Donation URL must be an absolute http or https URL']);
    },
  );

  it('allows a donation URL of 2048 characters and refuses 2049', () => {
    const prefix = 'https://example.org/';
    const atLimit = prefix + 'a'.repeat(2048 - prefix.length);
    expect(problemsOf({ donationUrl: atLimit })).toEqual([]);
    expect(problemsOf({ donationUrl: `${atLimit}a` })).toEqual(['Donation URL must be at most 2048 characters']);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ companyName: '', donationUrl: 'not a url' })).toEqual([
      'Company name is required',
      'Donation URL must be an absolute http or https URL',
    ]);
  });
});

describe('newAssociation', () => {
  it('starts active', () => {
    const createdAt = new Date('2026-06-01T12:00:00Z');
    expect(newAssociation({ companyId: 'c-1', details: { companyName: 'Bees' }, createdAt })).toEqual({
      companyId: 'c-1',
      companyName: 'Bees',
      status: 'active',
      createdAt,
    });
  });
});
