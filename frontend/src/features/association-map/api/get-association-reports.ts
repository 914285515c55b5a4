import { associationReports, type AssociationReports } from '@swarm/api-contract/association-reports';
import { apiClient, parseResponse } from '@/lib/api-client';

export type { AssociationReports };

/** GET /api/member/company/{companyId}/reports: the association's reports one row each, for the CSV download. */
export const getAssociationReports = async (companyId: string, since: string): Promise<AssociationReports> =>
  parseResponse(
    associationReports,
    await apiClient.get<unknown>(`/member/company/${encodeURIComponent(companyId)}/reports?since=${since}`),
    'GET /api/member/company/{companyId}/reports',
  );
