import { z } from 'zod';
import { isoInstant } from './common.js';

const count = z.number().int().nonnegative();

/** One report of an association's export: nothing of the reporter's, the place as its H3 cell. */
export const associationReportRow = z.object({
  submittedAt: isoInstant,
  /** The H3 cell (resolution 7) of the place; '' for a report without one. */
  h3Cell: z.string(),
  /** The swarm size's label ('Softball'); '' when not known. */
  size: z.string(),
  elevationFeet: z.number().nullable(),
  firstClaimedAt: isoInstant.nullable(),
  /** To a tenth; null while nobody claimed it. */
  minutesToFirstClaim: z.number().nullable(),
  /** What became of it, as on the map. */
  outcome: z.enum(['claimed', 'expired', 'departed', 'markedBad', 'open']),
  /** What its claimer recorded ('Captured', ...); '' for nothing. */
  claimOutcome: z.string(),
  alertsSent: count,
  alertsByText: count,
  alertsByNotification: count,
  alertsByEmail: count,
  alertsCostCents: count,
});

/** GET /api/member/company/{companyId}/reports: the period is [since, until) as for the statistics. */
export const associationReports = z.object({
  companyId: z.string(),
  since: isoInstant,
  until: isoInstant,
  reports: z.array(associationReportRow),
});
export type AssociationReports = z.output<typeof associationReports>;
