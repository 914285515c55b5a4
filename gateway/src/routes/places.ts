import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GeocoderUnavailableError, type Geocoder } from '@swarm/runtime/geocoding';
import { HttpError } from '../mappers/http-errors.js';
import { OncePerCauseLog, UNAUTHENTICATED_FAILURE_LOG_INTERVAL_MS } from '../once-per-cause-log.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';
import { contractRoute } from './contract-route.js';
import { refuseOverLimit } from './over-limit.js';

const TOO_MANY_LOOKUPS = 'Too many address lookups from this connection. Please wait a while and try again.';
const INVALID_INPUT = 'Type part of an address (at most 200 characters).';

/**
 * Suggestions for the address fields of the report form and the member's information. Limited per client address,
 * because with the Google geocoder every suggestion is a paid call on the product's key.
 */
export function placesRoutes(app: FastifyInstance, geocoder: Geocoder, rateLimiter: ClientRateLimiter): void {
  // Every keystroke of every visitor asks: while the geocoder is down, its reason once a minute is enough.
  const unavailableLog = new OncePerCauseLog({ intervalMs: UNAUTHENTICATED_FAILURE_LOG_INTERVAL_MS });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(apiRoutes.suggestPlaces, { invalidRequest: () => new HttpError(400, INVALID_INPUT) }),
    preValidation: refuseOverLimit(rateLimiter, TOO_MANY_LOOKUPS),
    handler: async (request) => {
      const suggestions = await geocoder.suggest(request.query.input).catch((error: unknown) => {
        if (!(error instanceof GeocoderUnavailableError)) throw error;
        unavailableLog.warn(request.log, 'geocoder unavailable', { reason: error.message }, 'address suggestions unavailable');
        throw new HttpError(503, 'Address suggestions are not available right now. Please try again in a moment.');
      });
      return { suggestions };
    },
  });
}
