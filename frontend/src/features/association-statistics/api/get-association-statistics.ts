import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { forbiddenIsRefusalMeta, memberQueryRoot } from '@/lib/query-client';
import { nullableNumber, nullableText } from '@/lib/response-schemas';

const count = z.number().int().nonnegative();

/** One week, or the whole period: what the association's members were alerted about and what became of it. */
const statisticsFiguresSchema = z.object({
  periodStart: nullableText,
  periodEnd: nullableText,
  reportsAlerted: count,
  reportsClaimed: count,
  /** Minutes from the report to its first claim; null when nothing was claimed. */
  medianMinutesToFirstClaim: nullableNumber,
  p90MinutesToFirstClaim: nullableNumber,
  /** The claimed reports by outcome, in the vocabulary's order; `outcome: null` counts those with none recorded. */
  outcomes: z.array(z.object({ outcome: z.string().min(1).nullable(), count })),
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
export const associationStatisticsSchema = z.object({
  companyId: z.string(),
  since: z.string(),
  until: z.string(),
  weeks: z.array(statisticsFiguresSchema),
  total: statisticsFiguresSchema,
});

export type AssociationStatistics = z.output<typeof associationStatisticsSchema>;
export type StatisticsFigures = AssociationStatistics['total'];

export const associationStatisticsQueryKey = (companyId: string, since: string) =>
  [...memberQueryRoot, 'company', companyId, 'statistics', since] as const;

export const getAssociationStatistics = async (companyId: string, since: string, signal?: AbortSignal): Promise<AssociationStatistics> =>
  parseResponse(
    associationStatisticsSchema,
    await apiClient.get<unknown>(`/member/company/${encodeURIComponent(companyId)}/statistics?since=${since}`, { signal }),
    'GET /api/member/company/{companyId}/statistics',
  );

/** `since` is a YYYY-MM-DD day; the period runs from it up to now. */
export const getAssociationStatisticsQueryOptions = (companyId: string, since: string) =>
  queryOptions({
    queryKey: associationStatisticsQueryKey(companyId, since),
    queryFn: ({ signal }) => getAssociationStatistics(companyId, since, signal),
    // A member whose admin right was just withdrawn gets a 403 here with the session intact: shown, not a logout.
    meta: forbiddenIsRefusalMeta,
  });

export const useAssociationStatistics = (companyId: string, since: string) => useQuery(getAssociationStatisticsQueryOptions(companyId, since));
