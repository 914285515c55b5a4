import { badReportReasons, claimOutcomes, swarmSizes } from '@swarm/proto/labels';
import { isReportId } from '@swarm/proto/labels/report-id';
import { z } from 'zod';

/** What a request to act on a report is told when it names no report. */
export const MEMBER_REPORT_INPUT_MESSAGES = {
  reportIdRequired: 'A valid report id is required.',
} as const;
const messages = MEMBER_REPORT_INPUT_MESSAGES;

/** /api/member/report/{id}/…: the report acted on, a UUID the report service generated. */
export const memberReportParams = z.object({ id: z.string().refine(isReportId) });

/** The fields both report lists share (spec §3): instants in ISO 8601, null where there is none. */
const reportFields = {
  reportId: z.string(),
  dateCreated: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Five digits, which may start with zeros (spec §3). */
  claimCode: z.string(),
  note: z.string(),
  size: z.union([z.enum(swarmSizes.labels), z.literal('')]),
  /** Feet above the ground. */
  elevation: z.number(),
};

/** GET /api/member/report/active: the active reports the member was alerted about. */
export const activeReport = z.object({
  ...reportFields,
  /** Miles from the member's home, to a hundredth. */
  distanceFromHome: z.number(),
});
export const activeReports = z.array(activeReport);
export type ActiveReport = z.output<typeof activeReport>;

/** GET /api/member/report/claimed: the reports the member claimed, also once their claim closed (72 hours on). */
export const claimedReport = z.object({
  reportId: reportFields.reportId,
  dateCreated: reportFields.dateCreated,
  dateClaimed: z.string().nullable(),
  imageUrl: reportFields.imageUrl,
  thumbnailUrl: reportFields.thumbnailUrl,
  claimCode: reportFields.claimCode,
  note: reportFields.note,
  size: reportFields.size,
  elevation: reportFields.elevation,
  /** Un-claim and Mark as Bad are offered only while this holds (72 hours after claiming). */
  canUnClaim: z.boolean(),
  companyName: z.string(),
  /** What the member recorded became of the swarm; null until recorded. */
  outcome: z.enum(claimOutcomes.labels).nullable(),
});
export const claimedReports = z.array(claimedReport);
export type ClaimedReport = z.output<typeof claimedReport>;

const reportIdField = z.string({ error: messages.reportIdRequired }).trim().refine(isReportId, messages.reportIdRequired);

/** PUT /api/member/report/unclaim. */
export const unclaimRequest = z.object({ reportId: reportIdField });
export type UnclaimRequest = z.input<typeof unclaimRequest>;

/** PUT /api/member/report/bad: the report and one of the spec's reasons. */
export const markBadRequest = z.object({
  reportId: reportIdField,
  // The reason is the report service's to judge (and to refuse in its words): anything but text is sent as none.
  reason: z
    .string()
    .catch('')
    .describe(`One of: ${badReportReasons.labels.join(', ')}.`),
});
export type MarkBadRequest = z.input<typeof markBadRequest>;

/** POST /api/member/report/{id}/outcome: what became of the swarm. */
export const outcomeRequest = z.object({
  // As the reason: the report service judges the outcome.
  outcome: z
    .string()
    .catch('')
    .describe(`One of: ${claimOutcomes.labels.join(', ')}.`),
});
export type OutcomeRequest = z.input<typeof outcomeRequest>;

/** GET /api/member/report/{id}/image: the picture, or with `variant=thumbnail` its 320-pixel thumbnail. */
export const reportImageQuery = z.object({ variant: z.enum(['thumbnail']).optional() });
