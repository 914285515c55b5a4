import { claimableStates, claimWithTokenOutcomes } from '@swarm/proto/labels';
import { z } from 'zod';
import { isoInstantOrEmpty } from './common.js';

/** A claim token travels in URLs: URL-safe characters only (RFC 3986 unreserved), 1 to 512 of them. */
export const CLAIM_TOKEN = /^[A-Za-z0-9._~-]{1,512}$/;

/** GET /api/alerts/claim/{token} and its /thumbnail. */
export const claimTokenParams = z.object({ token: z.string().regex(CLAIM_TOKEN) });

/** Where a claimed swarm is and who reported it: given to the member who holds it, never before. */
export const claimedLocation = z.object({ address: z.string(), reporterName: z.string(), reporterPhone: z.string(), mapUrl: z.string() });
export type ClaimedLocation = z.output<typeof claimedLocation>;

/**
 * GET /api/alerts/claim/{token}: the alert as the claim page shows it, never the street nor the reporter, but to the
 * member who holds the swarm (`yours`). `thumbnailUrl` is a signed, short-lived URL, '' without a picture.
 */
export const claimAlert = z.object({
  reportId: z.string(),
  claimCode: z.string(),
  size: z.string(),
  elevationFeet: z.number(),
  distanceMiles: z.number(),
  town: z.string(),
  thumbnailUrl: z.string(),
  alertedAt: isoInstantOrEmpty,
  state: z.enum(claimableStates.labels),
  test: z.boolean(),
  location: claimedLocation.optional(),
});
export type ClaimAlert = z.output<typeof claimAlert>;

/** POST /api/alerts/claim: what a claim page or the service worker's Claim action posts. */
export const claimRequest = z.object({ token: z.string() });

/** 200: how the claim came out, the sentence to show under it, and for the claimer the place and the reporter. */
export const claimAnswer = z.object({
  outcome: z.enum(claimWithTokenOutcomes.labels),
  message: z.string(),
  claimCode: z.string(),
  location: claimedLocation.optional(),
});
export type ClaimAnswer = z.output<typeof claimAnswer>;
