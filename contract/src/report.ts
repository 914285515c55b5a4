import { isReportId } from '@swarm/proto/labels/report-id';
import { languages, swarmSizes } from '@swarm/proto/labels';
import { z } from 'zod';

/**
 * POST /api/report: the multipart form of spec §3 and §7. Every value arrives as text (the picture as a file); the
 * report service checks the form's rules and answers each broken one, so this describes the fields, not their rules.
 */
export const reportForm = z.object({
  reporterName: z.string().describe('At most 255 characters.'),
  reporterPhone: z.string().describe('Exactly 10 digits.'),
  size: z.enum(swarmSizes.labels),
  elevation: z.string().describe('Feet from the ground, 0 to 50.'),
  address: z.string().describe('The text of a suggestion from GET /api/places/autocomplete.'),
  placeId: z.string().optional().describe("The suggestion's placeId, which resolves it without a second lookup."),
  recaptchaToken: z.string().describe('A bot-check token for the action `report`.'),
  idempotencyId: z.string().describe('A new random id per submission (at most 100 characters); sent again on a retry.'),
  internalNote: z.string().optional().describe('At most 1000 characters.'),
  image: z.file().optional().describe('JPEG, PNG, WebP, GIF or HEIF/AVIF by its bytes, at most REPORT_IMAGE_MAX_BYTES and 52 megapixels.'),
  confirmDuplicate: z.string().optional().describe('`true` (or `1`) when the reporter answered Yes to the duplicate dialog; anything else is no.'),
  reporterUpdates: z.enum(['true', 'false']).optional().describe("The checkbox 'Text me when a beekeeper is on the way'; absent means false."),
  reporterLanguage: z
    .enum(languages.labels)
    .optional()
    .describe("The site's language the reporter used, `en` or `es`; absent means `en`. The reporter's texts are sent in it."),
});
export type ReportForm = z.input<typeof reportForm>;

/** 201: the report was stored and the covering associations are alerted. */
export const reportSubmitted = z.object({ reportId: z.string() });
/** 208: a live report at the same address is less than 3 days old; `reportId` names it and nothing was stored. */
export const reportAlreadyReported = z.object({ message: z.string(), reportId: z.string() });
/** 409: the idempotencyId was already used, with `reportId` when it is the same report sent again. */
export const reportReplayed = z.object({ message: z.string(), reportId: z.string().optional() });

/** What a submission answers with a 2xx: 201's `{reportId}` or 208's `{message, reportId}`. */
export const reportSubmissionAnswer = z.union([reportSubmitted, reportAlreadyReported]);

/** A report id is the UUID the report service generated. */
export const reportAssociationsParams = z.object({
  reportId: z.string().refine(isReportId),
});

/** GET /api/report/{reportId}/associations: the associations alerted (spec §3), donationUrl null when none. */
export const reportAssociations = z.array(z.object({ name: z.string(), donationUrl: z.string().nullable() }));
export type AlertedAssociation = z.output<typeof reportAssociations>[number];
