/**
 * What the public API answers when a call fails or ends otherwise than plainly: the spec's messages (§8) and the
 * product's own, each written once. The error table (services/runtime, rpc/error-table.ts) gives them to the rule
 * codes; the site shows them.
 */
import { badReportReasons, claimOutcomes } from './index.js';

/** Spec §8: a failure that is not the client's doing. */
export const GENERIC_MESSAGE = 'Something went wrong. Refresh the page and try again.';

/** Spec §8: the bot check refused (a report, a login link). */
export const NOT_HUMAN_MESSAGE = "Failed to verify that you're a human. Refresh the page and try again.";

/** A login link asked for an address that is not one. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Spec §8: the answers to a report submission, by what happened. */
export const submissionMessages = {
  /** 404: nobody covers the place. */
  noBeekeepers: "We couldn't find any available beekeepers using our service in your area.",
  /** 409: the same idempotencyId again. */
  alreadySubmitted: 'This report has already been successfully submitted.',
  /** 413 */
  imageTooBig: 'The image you are uploading is too big. Please select a smaller image.',
  /** 415: the bytes are not a picture any decoder reads. */
  notAPicture: 'The file is not a picture. Please select a JPEG, PNG, WebP, GIF or HEIC image.',
  /** 422: the address names no place. */
  addressUnresolved: 'Please select an address from the dropdown list.',
  /** 429: the bot check refused. */
  notHuman: NOT_HUMAN_MESSAGE,
  /** 208: a live report at this address is less than 3 days old. */
  alreadyReported: 'A swarm at this address has already been successfully reported.',
  /** 503: the geocoder's provider did not answer. */
  addressServiceUnavailable: 'The address service is not available right now. Please try again in a moment.',
} as const;

/** The member area's answers about a report: claim, un-claim, mark as bad, the claim's outcome, the pictures. */
export const memberReportMessages = {
  notFound: 'Report not found.',
  alreadyClaimed: 'This swarm has already been claimed by another member.',
  notClaimed: 'This report is not claimed.',
  unclaimWindowOver: 'A report can only be unclaimed within 72 hours of claiming it.',
  badWindowOver: 'A report can only be marked as bad within 72 hours of claiming it.',
  reasonRequired: 'Please choose a reason.',
  reasonUnknown: `Reason must be one of: ${badReportReasons.labels.join(', ')}.`,
  outcomeRequired: 'Please choose an outcome.',
  outcomeUnknown: `Outcome must be one of: ${claimOutcomes.labels.join(', ')}.`,
} as const;

/** A claim link's answers (the page an alert links to, and a notification's Claim action). */
export const claimLinkMessages = {
  invalidLink: 'This claim link is not valid.',
  over: 'This swarm can no longer be claimed.',
  /** Another member claimed the swarm first. */
  taken: 'Another beekeeper claimed it first.',
} as const;

/** How the notification service refuses a statistics period, in words for the admin or operator who asked. */
export const statisticsPeriodMessages = {
  sinceAfterUntil: 'since must be on or before until (today when until is not given).',
  periodTooLong: 'The period can be at most 2 years.',
} as const;
