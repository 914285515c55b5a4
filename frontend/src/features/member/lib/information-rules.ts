import { informationFormMessages, isPhoneNumber, MAX_NAME_LENGTH, PHONE_DIGITS } from '@swarm/proto/labels/forms';
import { DASHBOARD_TOUR_ID, type MemberInformation } from '../api/get-information';

export const NAME_MAX_LENGTH = MAX_NAME_LENGTH;
export const PHONE_LENGTH = PHONE_DIGITS;

/** Spec §5, word for word (typos included). */
export const informationMessages = {
  ...informationFormMessages,
  updateFailed: 'Update failed!',
  updated: 'Your information hase been updated.',
  onboardingUpdated: 'Your onboarding information has been updated.',
} as const;

export interface InformationDraft {
  name: string;
  phoneNumber: string;
  address: string;
}

const words = (name: string) => name.trim().split(/\s+/).filter((word) => word !== '');

export const hasFirstAndLastName = (name: string): boolean => words(name).length >= 2;

export const isValidPhone = isPhoneNumber;

/**
 * What the phone field keeps of what was typed or pasted: digits only, at most ten (spec §5 and §9). A pasted
 * number written with a +1 country code or separators ('+1 (503) 555-0188') keeps its ten national digits.
 */
export function phoneDigitsFrom(text: string): string {
  const digits = text.replace(/\D/g, '');
  const national = digits.length === PHONE_LENGTH + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.slice(0, PHONE_LENGTH);
}

/**
 * Spec §5: the phone may stay empty in the Information section, but the Required Information modal needs
 * every field. The address counts only when picked from the list (the autocomplete reports '' otherwise).
 */
export function validateInformation(draft: InformationDraft, { requireAll }: { requireAll: boolean }): string[] {
  const errors: string[] = [];
  if (!hasFirstAndLastName(draft.name)) errors.push(informationMessages.nameNeedsTwoWords);
  if (draft.name.trim().length > NAME_MAX_LENGTH) errors.push(informationMessages.nameTooLong);
  if ((requireAll || draft.phoneNumber !== '') && !isValidPhone(draft.phoneNumber)) errors.push(informationMessages.phoneInvalid);
  if (draft.address.trim() === '') errors.push(informationMessages.addressNotPicked);
  return errors;
}

/** Spec §4: the Required Information modal opens when a two-word name, the phone or the address is missing. */
export const isInformationComplete = (information: MemberInformation): boolean =>
  hasFirstAndLastName(information.name) && information.phoneNumber.trim() !== '' && information.address.trim() !== '';

/** Spec §4: the tour shows only once the information is complete and onboarding id 1 is still 'a'. */
export const shouldShowDashboardTour = (information: MemberInformation): boolean =>
  isInformationComplete(information) &&
  information.onboarding.some((entry) => entry.onboardingId === DASHBOARD_TOUR_ID && entry.status === 'a');
