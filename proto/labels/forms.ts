/**
 * The rules of the report form and the member's information form with the spec's messages (§5 and §9), word for word
 * (the spec's typos included). The services decide with them; the site checks the same before sending.
 */

/** Spec §5: a phone number is exactly ten digits, numbers only. */
export const PHONE_DIGITS = 10;
const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);

export function isPhoneNumber(text: string): boolean {
  return PHONE_PATTERN.test(text);
}

/** Spec §9: how high a swarm may be reported, in feet (0 to 50 inclusive). */
export const MAX_ELEVATION_FEET = 50;
/** Spec §5 and §9: the longest name (a reporter's, by the server-facing validator, and a member's) and bee size. */
export const MAX_NAME_LENGTH = 255;
export const MAX_SIZE_LENGTH = 255;

export const PHONE_INVALID = 'Phone is invalid (10 digts, only numbers)';
export const NAME_TOO_LONG = 'Name is too long';

/** Spec §5: the report form's messages. */
export const reportFormMessages = {
  allFieldsRequired: 'All fields must be filled out',
  nameTooLong: NAME_TOO_LONG,
  sizeTooLong: 'Bee Size is too long',
  elevationOutOfRange: `Distance from Ground is out of range (0 to ${MAX_ELEVATION_FEET})`,
  phoneInvalid: PHONE_INVALID,
  addressNotPicked: 'Please select an address from the dropdown list. (It may take a few seconds to load after you start typing.)',
  /** The checkbox 'Text me when a beekeeper is on the way' sends 'true' or 'false'. */
  reporterUpdatesInvalid: "reporterUpdates must be 'true' or 'false'",
  /** The site's language ('en' or 'es'), in which the reporter's texts are sent. */
  reporterLanguageInvalid: "reporterLanguage must be 'en' or 'es'",
} as const;

/** Spec §5: the member information form's messages. */
export const informationFormMessages = {
  nameNeedsTwoWords: 'First and Last name required',
  nameTooLong: NAME_TOO_LONG,
  phoneInvalid: PHONE_INVALID,
  addressNotPicked: 'Please select an address from the list.',
} as const;
