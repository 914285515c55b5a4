import { Code } from '@connectrpc/connect';
import { claimLinkMessages, GENERIC_MESSAGE, INVALID_EMAIL_MESSAGE, memberReportMessages, submissionMessages } from '@swarm/proto/labels/answers';

/**
 * How one broken rule is answered: the Connect code a service raises it with, and the HTTP status and message the
 * gateway answers it with. Without `message` the service's own words are answered (its first field violation when it
 * listed them): the domain wrote them for the user.
 */
export type ErrorAnswer = { readonly connect: Code; readonly status: number; readonly message?: string };

/**
 * The one table from each service's rule code to its answers. A business refusal never answers 401 or 403: the site
 * logs the member out on either (spec §6), so "not yours" reads as not found.
 */
export const ERROR_TABLE = {
  'REPORT.INVALID_SUBMISSION': { connect: Code.InvalidArgument, status: 400 },
  'REPORT.IDEMPOTENCY_KEY_REUSED': { connect: Code.AlreadyExists, status: 409, message: submissionMessages.alreadySubmitted },
  'REPORT.NOT_FOUND': { connect: Code.NotFound, status: 404, message: memberReportMessages.notFound },
  // Not ResourceExhausted ("slow down", 429): no report can be taken until live ones end, and no retry helps.
  'REPORT.CLAIM_CODES_EXHAUSTED': { connect: Code.Unavailable, status: 503, message: GENERIC_MESSAGE },
  'REPORT.ADDRESS_UNRESOLVED': { connect: Code.InvalidArgument, status: 422, message: submissionMessages.addressUnresolved },
  'REPORT.INVALID_IMAGE': { connect: Code.InvalidArgument, status: 415, message: submissionMessages.notAPicture },
  // Not ResourceExhausted: callers read that as "slow down", and a retry never helps.
  'REPORT.IMAGE_TOO_LARGE': { connect: Code.InvalidArgument, status: 413, message: submissionMessages.imageTooBig },
  'REPORT.NO_COVERAGE': { connect: Code.NotFound, status: 404, message: submissionMessages.noBeekeepers },
  'REPORT.NOT_ALERTED': { connect: Code.PermissionDenied, status: 404, message: memberReportMessages.notFound },
  'REPORT.INVALID_ALERT': { connect: Code.InvalidArgument, status: 400 },
  'REPORT.ALREADY_CLAIMED': { connect: Code.FailedPrecondition, status: 409, message: memberReportMessages.alreadyClaimed },
  'REPORT.NOT_CLAIMER': { connect: Code.PermissionDenied, status: 404, message: memberReportMessages.notFound },
  'REPORT.NOT_CLAIMED': { connect: Code.FailedPrecondition, status: 409, message: memberReportMessages.notClaimed },
  // The service names the action that came too late (un-claim or mark as bad).
  'REPORT.CLAIM_WINDOW_OVER': { connect: Code.FailedPrecondition, status: 409 },
  'REPORT.INVALID_REASON': { connect: Code.InvalidArgument, status: 400 },
  'REPORT.INVALID_OUTCOME': { connect: Code.InvalidArgument, status: 400 },
  'REPORT.NO_IMAGE': { connect: Code.NotFound, status: 404, message: memberReportMessages.notFound },

  'MEMBER.INVALID_EMAIL': { connect: Code.InvalidArgument, status: 400, message: INVALID_EMAIL_MESSAGE },
  'MEMBER.NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'MEMBER.INVALID_INFORMATION': { connect: Code.InvalidArgument, status: 400 },
  // Spec §5: an address the service could not place, with the service's message.
  'MEMBER.ADDRESS_UNRESOLVED': { connect: Code.InvalidArgument, status: 422 },
  'MEMBER.INVALID_AVAILABILITY': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.INVALID_TIME_ZONE': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.INVALID_ONBOARDING': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.INVALID_LOCATION': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.LOGIN_TOKEN_INVALID': { connect: Code.NotFound, status: 404 },
  'MEMBER.TOO_MANY_IDS': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.INVALID_PUSH_SUBSCRIPTION': { connect: Code.InvalidArgument, status: 400 },
  'MEMBER.INVALID_ALERT_CHANNELS': { connect: Code.InvalidArgument, status: 400 },
  // The member must remove a device first: the state, not the request, is in the way.
  'MEMBER.TOO_MANY_DEVICES': { connect: Code.FailedPrecondition, status: 409 },
  'MEMBER.DEVICE_NOT_FOUND': { connect: Code.NotFound, status: 404 },

  'ASSOCIATION.INVALID': { connect: Code.InvalidArgument, status: 400 },
  'ASSOCIATION.NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'ACTIVATION_CODE.INVALID': { connect: Code.InvalidArgument, status: 400 },
  'ACTIVATION_CODE.NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'MEMBERSHIP.INVALID': { connect: Code.InvalidArgument, status: 400 },
  'MEMBERSHIP.ALREADY_MEMBER': { connect: Code.AlreadyExists, status: 409 },
  'MEMBERSHIP.NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'MEMBERSHIP.NOT_PAYING': { connect: Code.FailedPrecondition, status: 409 },
  'MEMBERSHIP.TOO_MANY_ATTEMPTS': { connect: Code.ResourceExhausted, status: 429 },
  'BILLING.INVALID': { connect: Code.InvalidArgument, status: 400 },
  'BILLING.TOP_UP_TOO_SMALL': { connect: Code.InvalidArgument, status: 400 },
  'BILLING.INSUFFICIENT_FUNDS': { connect: Code.FailedPrecondition, status: 409 },

  'NOTIFICATION.INVALID_EVENT': { connect: Code.InvalidArgument, status: 400 },
  'NOTIFICATION.DISPATCH_NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'NOTIFICATION.INVALID_INBOUND_SMS': { connect: Code.InvalidArgument, status: 400 },
  // The token is the only proof on a claim link, so a refusal says no more than that the link is no good.
  'NOTIFICATION.INVALID_CLAIM_TOKEN': { connect: Code.InvalidArgument, status: 404, message: claimLinkMessages.invalidLink },
  'NOTIFICATION.CLAIM_TOKEN_EXPIRED': { connect: Code.FailedPrecondition, status: 410, message: claimLinkMessages.over },
  'NOTIFICATION.MEMBER_NOT_FOUND': { connect: Code.NotFound, status: 404 },
  'NOTIFICATION.TEST_ALERT_NOT_SENT': { connect: Code.FailedPrecondition, status: 409 },

  'INSIGHTS.INVALID_PERIOD': { connect: Code.InvalidArgument, status: 400 },

  // The geocoder's provider did not answer: the caller may try again in a moment.
  'GEOCODER.UNAVAILABLE': { connect: Code.Unavailable, status: 503, message: submissionMessages.addressServiceUnavailable },
} as const satisfies Record<string, ErrorAnswer>;

export type DomainErrorCode = keyof typeof ERROR_TABLE;

/** The answers of a rule code; undefined for a code the table does not know (or none). */
export function errorAnswerOf(code: string | undefined): ErrorAnswer | undefined {
  return code !== undefined && Object.hasOwn(ERROR_TABLE, code) ? ERROR_TABLE[code as DomainErrorCode] : undefined;
}
