import type { LanguageLabel } from '@swarm/proto/labels';
import { CLAIM_CODE_DIGITS, isClaimCode } from '@swarm/proto/labels/claim-code';
import { CLAIM_TOKEN_MAX_LENGTH } from './claim-token.js';
import { reporterLanguageNote } from './reporter-language.js';

/**
 * What a member's phone receives by Web Push for an alert: the JSON the service worker reads to show the notification
 * (title, body, thumbnail, the Claim and Not now buttons) and to claim from it (it POSTs the claim token to the claim
 * URL). It names the town, never the street: the place is for the claimer only. One tag per report, so a later push
 * about the same report replaces the notification instead of stacking a second one.
 *
 * A push message is encrypted into at most 4096 octets (RFC 8030 §7.2: what every push service must accept; RFC 8291
 * §4: the aes128gcm header with the sender's key takes 86, the padding delimiter 1 and the authentication tag 16), so
 * the JSON may take at most 3993 octets of UTF-8. Every value has a limit that keeps the longest payload well inside.
 */
export type PushAction = { action: 'claim' | 'not-now'; title: string };

export type AlertPushPayload = {
  /** The kind of message, for the service worker: only alerts exist so far. */
  type: 'swarm-alert';
  title: string;
  /** Size, height, distance from home and town. */
  body: string;
  /** The report's thumbnail; absent when the reporter sent no picture. */
  image?: string;
  /** One per report (`swarm-report-<id>`). */
  tag: string;
  claimCode: string;
  /** Proof that this member was alerted about this report, sent back with the claim. */
  claimToken: string;
  /** Where the service worker POSTs the claim token when the member taps Claim. */
  claimUrl: string;
  actions: PushAction[];
};

/**
 * After a claim, where the swarm is, on the claimer's devices: the address and the reporter's phone, in the place of the
 * alert's notification (the same tag). A tap opens the map (`url`, left out when the map link is not a short URL).
 */
export type LocationPushPayload = {
  type: 'swarm-location';
  title: string;
  body: string;
  tag: string;
  url?: string;
};

/** Every JSON message the service sends by Web Push. */
export type PushPayload = AlertPushPayload | LocationPushPayload;

/** The location's body: an address and a name from the reporter, cut well inside the message's limit. */
export const LOCATION_BODY_LENGTH = 400;

/** The claimer's location notification. Free text (address, name) is cleaned and cut; the map URL is checked. */
export function locationPushPayload(input: { reportId: string; claimCode: string; body: string; mapUrl: string }): LocationPushPayload {
  const reportId = checked(input.reportId, 'reportId', REPORT_ID, PUSH_LIMITS.reportIdLength);
  const claimCode = checkedClaimCode(input.claimCode);
  let url: string | undefined;
  try {
    url = checkedUrl(input.mapUrl, 'mapUrl');
  } catch {
    url = undefined;
  }
  return {
    type: 'swarm-location',
    title: `Swarm ${claimCode} is yours`,
    body: cleanText(input.body, LOCATION_BODY_LENGTH),
    tag: `swarm-report-${reportId}`,
    ...(url ? { url } : {}),
  };
}

export const PUSH_MESSAGE_MAX_OCTETS = 4096;
/** The aes128gcm header (16 salt, 4 record size, 1 key id length, 65 key id), the delimiter octet and the 16-octet tag. */
export const PUSH_ENCRYPTION_OVERHEAD_OCTETS = 86 + 1 + 16;
export const PUSH_PAYLOAD_MAX_OCTETS = PUSH_MESSAGE_MAX_OCTETS - PUSH_ENCRYPTION_OVERHEAD_OCTETS;

export const PUSH_LIMITS = {
  reportIdLength: 64,
  sizeLength: 20,
  townLength: 60,
  urlLength: 512,
  claimTokenLength: CLAIM_TOKEN_MAX_LENGTH,
} as const;

export const ALERT_ACTIONS: readonly PushAction[] = [
  { action: 'claim', title: 'Claim' },
  { action: 'not-now', title: 'Not now' },
];

export type AlertPushInput = {
  reportId: string;
  claimCode: string;
  /** 'Softball', 'Basketball' or 'Very Large'. */
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  /** The town of the swarm's place; the street is never given to an alert. */
  town: string;
  /** An absolute http(s) URL or a path on the site; empty when there is no picture. */
  thumbnailUrl: string;
  claimToken: string;
  claimUrl: string;
  /** The escalation's alert to a member further away than their range. */
  wider?: boolean;
  /** The reporter's language: a Spanish speaker's alert says so. */
  reporterLanguage?: LanguageLabel;
};

const REPORT_ID = /^[A-Za-z0-9_-]+$/;
const CLAIM_TOKEN = /^[A-Za-z0-9._~-]+$/;
/** URI characters (RFC 3986) only, so JSON never escapes one and a URL costs one octet per character. */
const URL_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/** The alert's push payload. Values the service generates must be within the limits; free text is cleaned and cut. */
export function alertPushPayload(input: AlertPushInput): AlertPushPayload {
  const reportId = checked(input.reportId, 'reportId', REPORT_ID, PUSH_LIMITS.reportIdLength);
  const claimCode = checkedClaimCode(input.claimCode);
  const claimToken = checked(input.claimToken, 'claimToken', CLAIM_TOKEN, PUSH_LIMITS.claimTokenLength);
  const image = input.thumbnailUrl === '' ? undefined : checkedUrl(input.thumbnailUrl, 'thumbnailUrl');
  const claimUrl = checkedUrl(input.claimUrl, 'claimUrl');
  const size = cleanText(input.size, PUSH_LIMITS.sizeLength);
  const town = cleanText(input.town, PUSH_LIMITS.townLength);
  const payload: AlertPushPayload = {
    type: 'swarm-alert',
    title: input.wider ? 'Swarm Alert, wider alert (still unclaimed)' : 'Swarm Alert',
    body: alertPushBodyOf({ size, elevationFeet: input.elevationFeet, distanceMiles: input.distanceMiles, town, claimCode, reporterLanguage: input.reporterLanguage }),
    ...(image ? { image } : {}),
    tag: `swarm-report-${reportId}`,
    claimCode,
    claimToken,
    claimUrl,
    actions: ALERT_ACTIONS.map((action) => ({ ...action })),
  };
  const octets = encryptedPushOctets(payload);
  if (octets > PUSH_MESSAGE_MAX_OCTETS) throw new RangeError(`the alert's push message would take ${octets} octets, more than ${PUSH_MESSAGE_MAX_OCTETS}`);
  return payload;
}

/** The alert's facts in one line, as the notification and the alert email say them. */
export function alertPushBodyOf(alert: {
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  town: string;
  claimCode: string;
  reporterLanguage?: LanguageLabel | undefined;
}): string {
  const size = cleanText(alert.size, PUSH_LIMITS.sizeLength);
  const town = cleanText(alert.town, PUSH_LIMITS.townLength);
  const note = reporterLanguageNote(alert.reporterLanguage);
  return (
    `${size ? `${size} swarm` : 'Swarm'}, ${formatFeet(alert.elevationFeet)} ft up, ${formatMiles(alert.distanceMiles)} mi from home` +
    `${town ? `, in ${town}` : ''}. ${note ? `${note}. ` : ''}Claim code ${alert.claimCode}`
  );
}

/** Octets of the payload's JSON in UTF-8: what is encrypted. */
export function pushPayloadOctets(payload: PushPayload): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length;
}

/** Octets of the encrypted push message body (one aes128gcm record, no padding). */
export function encryptedPushOctets(payload: PushPayload): number {
  return pushPayloadOctets(payload) + PUSH_ENCRYPTION_OVERHEAD_OCTETS;
}

/**
 * Text shown on the lock screen, from data the service does not fully control (a town's name): control characters,
 * bidirectional overrides and lone surrogates become spaces, runs of space one, and it is cut to `maxLength`
 * characters (code points, so an emoji is never split).
 */
function cleanText(text: string, maxLength: number): string {
  const cleaned = text
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].slice(0, maxLength).join('').trim();
}

function checked(value: string, field: string, pattern: RegExp, maxLength: number): string {
  if (value.length === 0 || value.length > maxLength || !pattern.test(value)) {
    throw new RangeError(`the alert's ${field} must be 1 to ${maxLength} characters matching ${pattern}`);
  }
  return value;
}

function checkedClaimCode(value: string): string {
  if (!isClaimCode(value)) throw new RangeError(`the alert's claimCode must be ${CLAIM_CODE_DIGITS} digits`);
  return value;
}

function checkedUrl(value: string, field: string): string {
  checked(value, field, URL_CHARACTERS, PUSH_LIMITS.urlLength);
  const isSitePath = value.startsWith('/') && !value.startsWith('//');
  if (!isSitePath && !/^https?:\/\/[^/]/i.test(value)) throw new RangeError(`the alert's ${field} must be an http(s) URL or a path on the site`);
  return value;
}

const formatMiles = (miles: number) => (Number.isFinite(miles) && miles >= 0 ? Math.min(miles, 99_999) : 0).toFixed(1);
const formatFeet = (feet: number) => String(Math.round(Number.isFinite(feet) && feet >= 0 ? Math.min(feet, 99_999) : 0));
