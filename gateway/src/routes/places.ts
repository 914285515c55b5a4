import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GeocoderUnavailableError, type Geocoder } from '@swarm/runtime/geocoding';
import { HttpError } from '../mappers/http-errors.js';
import type { ClientRateLimiter } from '../rate-limit/rate-limits.js';

const autocompleteQuery = z.object({ input: z.string().max(200) });

/**
 * Suggestions for the address fields of the report form and the member's information. Limited per client address,
 * because with the Google geocoder every suggestion is a paid call on the product's key.
 */
export function placesRoutes(app: FastifyInstance, geocoder: Geocoder, rateLimiter: ClientRateLimiter): void {
  app.get('/api/places/autocomplete', async (request, reply) => {
    const limit = await rateLimiter.take(request);
    if (!limit.allowed) {
      return reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message: 'Too many address lookups from this connection. Please wait a while and try again.' });
    }
    const parsed = autocompleteQuery.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, 'Type part of an address (at most 200 characters).');
    const suggestions = await geocoder.suggest(parsed.data.input).catch((error: unknown) => {
      if (!(error instanceof GeocoderUnavailableError)) throw error;
      request.log.warn({ err: error }, 'address suggestions unavailable');
      throw new HttpError(503, 'Address suggestions are not available right now. Please try again in a moment.');
    });
    return { suggestions };
  });
}
