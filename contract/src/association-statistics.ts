import { claimOutcomes } from '@swarm/proto/labels';
import { z } from 'zod';
import { isoInstant } from './common.js';

const count = z.number().int().nonnegative();

/** One week, or the whole period: what the association's members were alerted about and what became of it. */
export const statisticsFigures = z.object({
  periodStart: isoInstant.nullable(),
  periodEnd: isoInstant.nullable(),
  reportsAlerted: count,
  reportsClaimed: count,
  /** Minutes from the report to its first claim, to a tenth; null when nothing was claimed. */
  medianMinutesToFirstClaim: z.number().nullable(),
  p90MinutesToFirstClaim: z.number().nullable(),
  /** The claimed reports by outcome, in the vocabulary's order; `outcome: null` counts those with none recorded. */
  outcomes: z.array(z.object({ outcome: z.enum(claimOutcomes.labels).nullable(), count })),
  reportsExpired: count,
  reportsDeparted: count,
  alertsSent: count,
  alertsCostCents: count,
  /** Of the alerts, how many went by each channel (an alert on two channels counts in both). */
  alertsByChannel: z.object({ text: count, notification: count, email: count }),
  /** What the same alerts would have cost as text messages. */
  alertsCostByTextCents: count,
  reporterTexts: count,
});

/** GET /api/member/company/{companyId}/statistics: weeks start Monday 00:00 UTC; the period is [since, until). */
export const associationStatistics = z.object({
  companyId: z.string(),
  since: isoInstant,
  until: isoInstant,
  weeks: z.array(statisticsFigures),
  total: statisticsFigures,
});
export type AssociationStatistics = z.output<typeof associationStatistics>;
