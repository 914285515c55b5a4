import { parseUtcDay } from '@swarm/proto/views/association-statistics';
import { z } from 'zod';

export const invalidStatisticsDate = (field: string) => `${field} must be a real calendar day written YYYY-MM-DD.`;

const dateField = (field: string) =>
  z
    .string({ error: invalidStatisticsDate(field) })
    .refine((text) => parseUtcDay(text) !== undefined, invalidStatisticsDate(field))
    .optional()
    .describe('A day, YYYY-MM-DD (UTC).');

/**
 * GET /api/member/company/{companyId}/statistics?since=&until=: `since` from 00:00 UTC of its day, `until` through the
 * end of its day; without `until` up to now, without `since` the 12 weeks up to `until`; at most 2 years.
 */
export const statisticsQuery = z.object({ since: dateField('since'), until: dateField('until') });
