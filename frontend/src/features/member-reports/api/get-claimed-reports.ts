import { claimOutcomes } from '@swarm/proto/labels';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, parseResponse } from '@/lib/api-client';
import { nullableText } from '@/lib/response-schemas';
import { memberReportKeys } from '@/lib/query-keys/report-keys';
import { reportBaseFields } from './report-types';

/** GET /api/member/report/claimed: the reports the member holds (spec §7). */
export const claimedReportsSchema = z.array(
  z.object({
    ...reportBaseFields,
    dateClaimed: nullableText,
    /** Un-claim and Mark as Bad are offered only while this holds (72 hours after claiming). */
    canUnClaim: z.boolean().nullish().transform((value) => value === true),
    companyName: nullableText,
    /** What the member recorded became of the swarm; null until recorded (or a label this build does not know). */
    outcome: z
      .string()
      .nullish()
      .transform((value) => (claimOutcomes.isLabel(value) ? value : null)),
  }),
);

export type ClaimedReport = z.output<typeof claimedReportsSchema>[number];

export const getClaimedReports = async (signal?: AbortSignal): Promise<ClaimedReport[]> =>
  parseResponse(claimedReportsSchema, await apiClient.get<unknown>('/member/report/claimed', { signal }), 'GET /api/member/report/claimed');

export const getClaimedReportsQueryOptions = () =>
  queryOptions({
    queryKey: memberReportKeys.claimed,
    queryFn: ({ signal }) => getClaimedReports(signal),
  });

export const useClaimedReports = () => useQuery(getClaimedReportsQueryOptions());
