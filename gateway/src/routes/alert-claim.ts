import { timestampDate } from '@bufbuild/protobuf/wkt';
import { CLAIM_TOKEN } from '@swarm/api-contract/alert-claim';
import { claimableStates, claimWithTokenOutcomes } from '@swarm/proto/labels';
import { claimLinkMessages } from '@swarm/proto/labels/answers';
import type { AlertView, ClaimedSwarmLocation } from '@swarm/proto/notification/v1/notification_service';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceClients } from '../clients/service-clients.js';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';
import { refuseOverLimit } from './over-limit.js';

export const ALERT_CLAIM_PATH = '/api/alerts/claim';

export const CLAIM_MESSAGES = {
  ...claimLinkMessages,
  tokenRequired: 'Send the claim token of the alert.',
  noPicture: 'This swarm has no picture.',
  tooMany: 'Too many claim requests from this connection. Please wait a while and try again.',
} as const;

const CLAIM_BODY_LIMIT_BYTES = 2 * 1024;

/** A token that cannot be one reads as a link that is not valid. */
const invalidLink = () => new HttpError(404, CLAIM_MESSAGES.invalidLink);

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  const overLimit = refuseOverLimit(options.rateLimiter, CLAIM_MESSAGES.tooMany);
  // Never cached, the refusals included: the answers carry a live claim code and change with the report.
  const notStored = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
  };

  api.route({
    ...contractRoute(apiRoutes.getClaimAlert, { invalidRequest: invalidLink }),
    preValidation: [notStored, overLimit],
    handler: async (request) => {
      const { alert } = await clients.notification.getAlertByClaimToken({ claimToken: request.params.token });
      return alertView(alert);
    },
  });

  // The swarm's picture as a notification or an alert email shows it: read with the claim token, as the member it was
  // issued to, while the report can be claimed.
  api.route({
    ...contractRoute(apiRoutes.getClaimAlertThumbnail, { invalidRequest: invalidLink }),
    preValidation: overLimit,
    handler: async (request, reply) => {
      const { alert } = await clients.notification.getAlertByClaimToken({ claimToken: request.params.token });
      if (!alert?.thumbnailUrl) throw new HttpError(404, CLAIM_MESSAGES.noPicture);
      const image = await clients.report.getReportImage({ reportId: alert.reportId, memberId: alert.memberId, thumbnail: true });
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', 'inline')
        .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
    },
  });

  // A body that is not JSON at all is one without a token, and told so; a token that cannot be one, as not valid.
  api.route({
    ...contractRoute(apiRoutes.claimWithToken, {
      errorMessages: { 400: CLAIM_MESSAGES.tokenRequired },
      invalidRequest: () => new HttpError(400, CLAIM_MESSAGES.tokenRequired),
    }),
    bodyLimit: CLAIM_BODY_LIMIT_BYTES,
    preValidation: [notStored, overLimit],
    handler: async (request) => {
      const { token } = request.body;
      if (!CLAIM_TOKEN.test(token)) throw invalidLink();
      const answer = await clients.notification.claimWithToken({ claimToken: token });
      const outcome = claimWithTokenOutcomes.label(answer.outcome);
      if (!outcome) throw new Error(`the notification service answered an unknown claim outcome ${answer.outcome}`);
      // The claimer's answer: the place and the reporter one field each, for the page to make the phone and map tappable.
      const location = locationView(answer.location);
      return { outcome, message: answer.message, claimCode: answer.claimCode, ...(location ? { location } : {}) };
    },
  });
}
