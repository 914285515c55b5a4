import { timestampDate } from '@bufbuild/protobuf/wkt';
import { claimableStates, claimWithTokenOutcomes } from '@swarm/proto/labels';
import { claimLinkMessages } from '@swarm/proto/labels/answers';
import type { AlertView, ClaimedSwarmLocation } from '@swarm/proto/notification/v1/notification_service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';

export const ALERT_CLAIM_PATH = '/api/alerts/claim';

export const CLAIM_MESSAGES = {
  ...claimLinkMessages,
  tokenRequired: 'Send the claim token of the alert.',
  noPicture: 'This swarm has no picture.',
  tooMany: 'Too many claim requests from this connection. Please wait a while and try again.',
} as const;

/** A claim token travels in URLs: URL-safe characters only (RFC 3986 unreserved), 1 to 512 of them. */
const CLAIM_TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;

/** `{token}`: what a claim page or the service worker's Claim action posts. */
const claimBody = z.object({ token: z.string() });

const CLAIM_BODY_LIMIT_BYTES = 2 * 1024;

function claimToken(value: unknown): string {
  if (typeof value !== 'string' || !CLAIM_TOKEN.test(value)) throw new HttpError(404, CLAIM_MESSAGES.invalidLink);
  return value;
}

/** Where a claimed swarm is and who to call, for the claimer only. */
function locationView(location: ClaimedSwarmLocation | undefined) {
  return location && { address: location.address, reporterName: location.reporterName, reporterPhone: location.reporterPhone, mapUrl: location.mapUrl };
}

/** The claim page's view of an alert: never the street nor the reporter, but to the member who holds the swarm. */
function alertView(alert: AlertView | undefined) {
  const location = locationView(alert?.location);
  return {
    reportId: alert?.reportId ?? '',
    claimCode: alert?.claimCode ?? '',
    size: alert?.size ?? '',
    elevationFeet: alert?.elevationFeet ?? 0,
    distanceMiles: alert?.distanceMiles ?? 0,
    town: alert?.town ?? '',
    thumbnailUrl: alert?.thumbnailUrl ?? '',
    alertedAt: alert?.alertedAt ? timestampDate(alert.alertedAt).toISOString() : '',
    // A state this build does not know cannot be offered for claiming.
    state: (alert && claimableStates.label(alert.state)) ?? 'over',
    test: alert?.test ?? false,
    ...(location ? { location } : {}),
  };
}

/**
 * Claiming from a notification or an alert email without logging in: the claim token (issued to one member for one
 * alert, checked by the notification service) is the proof, so there is no session check. Both calls are limited per
 * client address; the POST is a mutation and refused cross-site like every other (a service worker's fetch comes from
 * the site's own origin). Answers are never cached: they carry a live claim code and change with the report.
 */
export function alertClaimRoutes(app: FastifyInstance, options: { clients: ServiceClients; rateLimiter: ClientRateLimiter }): void {
  const { clients } = options;
  const limited = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const limit = await options.rateLimiter.take(request);
    if (limit.allowed) return false;
    await reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message: CLAIM_MESSAGES.tooMany });
    return true;
  };

  app.get('/api/alerts/claim/:token', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await limited(request, reply)) return reply;
    const token = claimToken((request.params as { token?: unknown }).token);
    const { alert } = await clients.notification.getAlertByClaimToken({ claimToken: token });
    return alertView(alert);
  });

  // The swarm's picture as a notification or an alert email shows it: read with the claim token, as the member it was
  // issued to, while the report can be claimed.
  app.get('/api/alerts/claim/:token/thumbnail', async (request, reply) => {
    if (await limited(request, reply)) return reply;
    const token = claimToken((request.params as { token?: unknown }).token);
    const { alert } = await clients.notification.getAlertByClaimToken({ claimToken: token });
    if (!alert?.thumbnailUrl) throw new HttpError(404, CLAIM_MESSAGES.noPicture);
    const image = await clients.report.getReportImage({ reportId: alert.reportId, memberId: alert.memberId, thumbnail: true });
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', 'inline')
      .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  });

  // A body that is not JSON at all is one without a token, and told so.
  app.post(ALERT_CLAIM_PATH, { bodyLimit: CLAIM_BODY_LIMIT_BYTES, config: { errorMessages: { 400: CLAIM_MESSAGES.tokenRequired } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await limited(request, reply)) return reply;
    const parsed = claimBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, CLAIM_MESSAGES.tokenRequired);
    const token = claimToken(parsed.data.token);
    const answer = await clients.notification.claimWithToken({ claimToken: token });
    const outcome = claimWithTokenOutcomes.label(answer.outcome);
    if (!outcome) throw new Error(`the notification service answered an unknown claim outcome ${answer.outcome}`);
    // The claimer's answer: the place and the reporter one field each, for the page to make the phone and map tappable.
    const location = locationView(answer.location);
    return { outcome, message: answer.message, claimCode: answer.claimCode, ...(location ? { location } : {}) };
  });
}
