import type { ClaimOutcomeLabel, LanguageLabel } from '@swarm/proto/labels';
import { isClaimCode } from '@swarm/proto/labels/claim-code';
import { isGoneReply, outcomeOfReply } from './follow-up-texts.js';
import { reporterLanguageNote } from './reporter-language.js';
import { gsm7Length, SMS_SEGMENT_LENGTH, toGsm7 } from './sms-text.js';

/** Members have US ten-digit numbers (the provider sends +1 and ten digits): a sender with any other number is none. */
export function isUsSender(from: string): boolean {
  return /^(?:\+?1)?\d{10}$/.test(from);
}

/** Ten digits, whether the provider wrote +1 before them or not: the number a text goes to. */
export function nationalNumber(phoneNumber: string): string {
  return phoneNumber.trim().replace(/^\+?1(?=\d{10}$)/, '');
}

/**
 * What an SMS a member or a reporter sent asks for: GONE is a reporter's (the swarm left), a lone digit 1 to 5 a
 * claimer's answer to the outcome prompt, five digits a member's claim. Carrier keywords count only when the whole message is exactly one keyword
 * (any case, surrounding spaces ignored), as the provider and the carriers treat them (TOOLCHAIN.md, SMS facts).
 */
export type InboundIntent =
  | { kind: 'opt-out' }
  | { kind: 'opt-in' }
  | { kind: 'help' }
  | { kind: 'claim'; claimCode: string }
  | { kind: 'gone' }
  | { kind: 'outcome'; outcome: ClaimOutcomeLabel }
  | { kind: 'other' };

export const OPT_OUT_KEYWORDS: readonly string[] = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const OPT_IN_KEYWORDS: readonly string[] = ['START', 'YES', 'UNSTOP'];
export const HELP_KEYWORDS: readonly string[] = ['HELP', 'INFO'];

export function readInboundSms(body: string): InboundIntent {
  const text = body.trim();
  const keyword = text.toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(keyword)) return { kind: 'opt-out' };
  if (OPT_IN_KEYWORDS.includes(keyword)) return { kind: 'opt-in' };
  if (HELP_KEYWORDS.includes(keyword)) return { kind: 'help' };
  if (isClaimCode(text)) return { kind: 'claim', claimCode: text };
  if (isGoneReply(text)) return { kind: 'gone' };
  const outcome = outcomeOfReply(text);
  if (outcome) return { kind: 'outcome', outcome };
  return { kind: 'other' };
}

/** Replies, each one GSM-7 segment (checked by the tests). */
export const HELP_REPLY =
  'Swarm Alert: to claim a swarm, reply with the 5-digit code from its alert. Reply STOP to pause alerts, START to resume. Settings: member area.';
export const OPT_OUT_REPLY = 'Swarm Alert: Do Not Disturb is on, you will get no swarm alerts. Reply START to get them again.';
export const OPT_IN_REPLY = 'Swarm Alert: Do Not Disturb is off, you will get swarm alerts in your available hours. Reply STOP to pause them.';
export const UNKNOWN_CODE_REPLY =
  'Swarm Alert: no open swarm of yours has that code. Reply with the 5-digit code from an alert to claim it, STOP to pause alerts, START to resume.';
export const TOO_MANY_WRONG_CODES_REPLY = 'Swarm Alert: too many wrong codes from this number. Please try again in an hour or claim in the member area.';

// The location goes the ways the member chose to be alerted (SendClaimLocation), not necessarily by text.
export const claimedReply = (claimCode: string) =>
  `You claimed the swarm ${claimCode}! Its location and the reporter's contact details follow shortly, sent the ways you chose to be alerted.`;
export const alreadyYoursReply = (claimCode: string) =>
  `You already claimed the swarm ${claimCode}. Its location and the reporter's contact details were sent to you the ways you chose to be alerted.`;
export const alreadyClaimedReply = (claimCode: string) => `Sorry, the swarm ${claimCode} has already been claimed by another member.`;

/** Wrong claim codes accepted from one number before further codes are refused for a while (guessing codes). */
export const WRONG_CODE_LIMIT = 5;
export const WRONG_CODE_WINDOW_MS = 60 * 60 * 1000;

export type ClaimDetails = {
  claimCode: string;
  address: string;
  location: { latitude: number; longitude: number } | undefined;
  reporterName: string;
  reporterPhone: string;
  /** The language the reporter used the site in: the claimer, who calls them, is told when it is not English. */
  reporterLanguage?: LanguageLabel | undefined;
};

export const formatPhone = (phone: string) => (/^\d{10}$/.test(phone) ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}` : phone);

const coordinatesMapUrl = (location: { latitude: number; longitude: number }) =>
  `https://maps.google.com/?q=${location.latitude.toFixed(5)},${location.longitude.toFixed(5)}`;

/** A map of the swarm's place: its coordinates when the report has them, else the address as written. */
export function mapUrlOf(details: Pick<ClaimDetails, 'address' | 'location'>): string {
  return details.location ? coordinatesMapUrl(details.location) : `https://maps.google.com/?q=${encodeURIComponent(details.address.replace(/\s+/g, ' ').trim())}`;
}

/** What the claimer is given, one field each, for a page or an email to make the phone and the map tappable. */
export type ClaimedSwarmLocation = { address: string; reporterName: string; reporterPhone: string; mapUrl: string };

export function claimedSwarmLocation(details: ClaimDetails): ClaimedSwarmLocation {
  const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
  return { address: clean(details.address), reporterName: clean(details.reporterName), reporterPhone: details.reporterPhone, mapUrl: mapUrlOf(details) };
}

/**
 * The place and the contact in one line, said under a title that already says the swarm is yours (the claim page, the
 * answer notification): the address and the reporter with their phone, never "is yours" again.
 */
export function claimAnswerText(details: ClaimDetails): string {
  const location = claimedSwarmLocation(details);
  const note = reporterLanguageNote(details.reporterLanguage);
  return `Address: ${location.address}. Reporter: ${location.reporterName} ${formatPhone(location.reporterPhone)}${note ? `. ${note}.` : ''}`.replace(/\s+/g, ' ').trim();
}

/**
 * The text giving the claimer the swarm's place and the reporter's contact, in GSM-7 whatever the reporter typed.
 * The map link is left out when it would make the text longer than one segment; the address and contact never are.
 */
export function locationSms(details: ClaimDetails): string {
  const core = toGsm7(`Swarm ${details.claimCode} is yours. ${claimAnswerText(details)}`).trim();
  if (!details.location) return core;
  const map = ` Map: ${coordinatesMapUrl(details.location)}`;
  return (gsm7Length(core + map) ?? Infinity) <= SMS_SEGMENT_LENGTH ? core + map : core;
}

export const markedBadEmail = (event: { reportId: string; memberId: string; reason: string; markedAt: Date }) => ({
  subject: `Swarm report ${event.reportId} was marked bad`,
  text: [
    'A member marked a swarm report as bad.',
    '',
    `Report id: ${event.reportId}`,
    `Reason: ${event.reason}`,
    `Member id: ${event.memberId}`,
    `Marked at: ${event.markedAt.toISOString()}`,
  ].join('\n'),
});

/** The ways a number may be stored as an inbound message's sender (see `isUsSender`): ten digits, 1 or +1 before them. */
export function sendersOf(phoneNumber: string): string[] {
  const digits = nationalNumber(phoneNumber);
  return [digits, `1${digits}`, `+1${digits}`];
}
