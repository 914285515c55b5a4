import { describe, expect, it } from 'vitest';
import { completeInformation } from '@/testing/fake-member-api';
import { isInformationComplete, phoneDigitsFrom, shouldShowDashboardTour, validateInformation } from './information-rules';

const valid = { name: 'Ada Lovelace', phoneNumber: '5551234567', address: '1 Hive Lane' };

describe('information rules', () => {
  it('keeps the digits of a phone number, at most ten, dropping a +1 country code', () => {
    expect(phoneDigitsFrom('5035550188')).toBe('5035550188');
    expect(phoneDigitsFrom('503-555 01ab88')).toBe('5035550188');
    expect(phoneDigitsFrom('+1 (503) 555-0188')).toBe('5035550188');
    expect(phoneDigitsFrom('15035550188')).toBe('5035550188');
    expect(phoneDigitsFrom('50355501889')).toBe('5035550188');
    expect(phoneDigitsFrom('call me')).toBe('');
  });

  it('accepts a two-word name, a 10-digit phone and a picked address', () => {
    expect(validateInformation(valid, { requireAll: true })).toEqual([]);
  });

  it('asks for first and last name when the name has one word', () => {
    expect(validateInformation({ ...valid, name: '  Ada  ' }, { requireAll: false })).toEqual(['First and Last name required']);
  });

  it('refuses a name longer than 255 characters', () => {
    expect(validateInformation({ ...valid, name: `Ada ${'L'.repeat(252)}` }, { requireAll: false })).toEqual(['Name is too long']);
    expect(validateInformation({ ...valid, name: `Ada ${'L'.repeat(251)}` }, { requireAll: false })).toEqual([]);
  });

  it.each(['555123456', '55512345678', '555-123-456', '555123456a'])('refuses the phone %s', (phoneNumber) => {
    expect(validateInformation({ ...valid, phoneNumber }, { requireAll: false })).toEqual(['Phone is invalid (10 digts, only numbers)']);
  });

  it('lets the phone stay empty in the profile section but not in the required-information modal', () => {
    expect(validateInformation({ ...valid, phoneNumber: '' }, { requireAll: false })).toEqual([]);
    expect(validateInformation({ ...valid, phoneNumber: '' }, { requireAll: true })).toEqual(['Phone is invalid (10 digts, only numbers)']);
  });

  it('asks for an address picked from the list', () => {
    expect(validateInformation({ ...valid, address: '' }, { requireAll: false })).toEqual(['Please select an address from the list.']);
  });

  it('lists every problem at once', () => {
    expect(validateInformation({ name: '', phoneNumber: '12', address: '' }, { requireAll: true })).toHaveLength(3);
  });

  it('counts information as complete only with a two-word name, a phone and an address', () => {
    expect(isInformationComplete(completeInformation())).toBe(true);
    expect(isInformationComplete(completeInformation({ name: 'Ada' }))).toBe(false);
    expect(isInformationComplete(completeInformation({ phoneNumber: '' }))).toBe(false);
    expect(isInformationComplete(completeInformation({ address: ' ' }))).toBe(false);
  });

  it('shows the dashboard tour only for complete information with onboarding 1 still to be shown', () => {
    const toShow = [{ onboardingId: 1, status: 'a' as const }];
    expect(shouldShowDashboardTour(completeInformation({ onboarding: toShow }))).toBe(true);
    expect(shouldShowDashboardTour(completeInformation({ onboarding: [{ onboardingId: 1, status: 'c' }] }))).toBe(false);
    expect(shouldShowDashboardTour(completeInformation({ onboarding: [{ onboardingId: 2, status: 'a' }] }))).toBe(false);
    expect(shouldShowDashboardTour(completeInformation({ onboarding: toShow, phoneNumber: '' }))).toBe(false);
  });
});
