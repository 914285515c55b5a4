/** That a member was alerted about a report, through which association, and how far the swarm is from home. */
export type MemberAlert = {
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  alertedAt: Date;
};
