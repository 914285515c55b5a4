import { z } from 'zod';

/** GET /api/config: the public settings the browser needs at run time (nothing secret). */
export const clientConfig = z.object({
  /** The bot-check site key the browser asks tokens with; null where the gateway runs its development bot check. */
  recaptchaSiteKey: z.string().nullable(),
  /** The number alerts are texted from, for members to save in their contacts; null when not configured. */
  alertSenderNumber: z.string().nullable(),
  /** Days after a report ended before its reporter's data is erased (REPORTER_DATA_DAYS), for the privacy page. */
  reporterDataDays: z.number().int().positive(),
  /**
   * Each OpenID Connect login provider the gateway knows, by path name, and whether it has credentials here: the
   * site hides the login and sign-up buttons of a provider that would only fail.
   */
  loginProviders: z.record(z.string(), z.boolean()),
  /**
   * The VAPID public key (base64url) the site subscribes browsers to push with (pushManager.subscribe's
   * applicationServerKey); '' when the product sends no push notifications.
   */
  webPushPublicKey: z.string(),
  /**
   * A raster tile layer for the association map (MAP_TILE_URL, MAP_TILE_ATTRIBUTION): an XYZ template with {z}, {x},
   * {y} (and {s}, the subdomain 'a'), and the attribution the map shows under it; null where the map draws its own US
   * state and county outlines, which need no tile server.
   */
  mapTiles: z.object({ url: z.string(), attribution: z.string() }).nullable().default(null),
});
export type ClientConfig = z.output<typeof clientConfig>;
