import { z } from 'zod';
import { nullableNumber, nullableText } from '@/lib/response-schemas';

/**
 * The fields every report list shares (spec §3), as the member area shows them: the server's nulls become empty
 * strings, and numbers that are unknown become null.
 */
export const reportBaseFields = {
  reportId: z.string().min(1),
  dateCreated: nullableText,
  imageUrl: nullableText,
  thumbnailUrl: nullableText,
  // Claim codes are 5 digits and may start with zeros (spec §3), which a number would have lost.
  claimCode: z.union([z.string(), z.number().int().nonnegative().transform((code) => String(code).padStart(5, '0'))]),
  note: nullableText,
  size: nullableText,
  /** Feet above the ground; null when the report has none. */
  elevation: nullableNumber,
};
