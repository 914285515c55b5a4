import { env, serviceEnvShape } from '@swarm/runtime';
import { geocoderEnvShape } from '@swarm/runtime/geocoding';
import { z } from 'zod';

export const memberConfigShape = {
  ...serviceEnvShape,
  /** The geocoder that places a member's address (GEOCODER, GOOGLE_MAPS_API_KEY…): the same settings as the gateway's. */
  ...geocoderEnvShape,
  PORT: env.port(8082),
  MONGODB_DATABASE: z.string().min(1).default('swarm_member'),
  OUTBOX_POLL_INTERVAL_MS: env.positiveInt(1_000),
  /** How long an emailed login link works. */
  MAGIC_LINK_TTL_MINUTES: z.coerce.number().int().min(1).max(60).default(15),
  /**
   * For tests only: accept push subscriptions whose endpoint is on this machine (127.0.0.1, [::1], localhost, any
   * port), as the local push service of the tests hands out. Never in production: an endpoint is a URL the
   * notification service posts to, and this would let a member point it at the machine's own services.
   */
  PUSH_ALLOW_LOOPBACK_ENDPOINTS: env.boolean(false),
};
