import { memberQueryRoot } from '@/lib/query-client';

/**
 * Query keys of the member's report lists. They sit under the member root (so a logout or a 401 drops them) and
 * under one shared prefix, so every change that can move a report between lists (claim, un-claim, mark as bad,
 * joining or leaving an association) refreshes all of them with one invalidation (spec §4).
 */
export const memberReportKeys = {
  all: [...memberQueryRoot, 'report'] as const,
  active: [...memberQueryRoot, 'report', 'active'] as const,
  claimed: [...memberQueryRoot, 'report', 'claimed'] as const,
};
