import type { ClaimByCodeOutcome, MemberContacts, ReportClaims } from './ports/inbound.js';
import type { ClaimDetails } from '../domain/inbound-sms.js';
import type { HeldAlert } from '../domain/sent-alert.js';

/** Members by phone, in memory, recording Do Not Disturb changes. */
export class FakeMemberContacts implements MemberContacts {
  readonly doNotDisturb = new Map<string, boolean>();

  constructor(private readonly phones: Record<string, string>) {}

  async findMemberIdByPhone(phoneNumber: string): Promise<string | undefined> {
    const national = phoneNumber.replace(/^\+1/, '');
    return Object.entries(this.phones).find(([, phone]) => phone === national)?.[0];
  }

  async findPhoneNumber(memberId: string): Promise<string | undefined> {
    return this.phones[memberId];
  }

  async setDoNotDisturb(memberId: string, doNotDisturb: boolean): Promise<void> {
    this.doNotDisturb.set(memberId, doNotDisturb);
  }
}

/**
 * Reports by claim code with the first-claim-wins rule and the alerted members, in memory; an attached alert naming
 * the report with the code makes the member alerted, as the report service records it.
 */
export class FakeReportClaims implements ReportClaims {
  readonly claimers = new Map<string, string>();
  readonly claimCalls: { claimCode: string; memberId: string; alert?: HeldAlert }[] = [];

  constructor(private readonly reports: { reportId: string; claimCode: string; alerted: string[]; details?: Partial<ClaimDetails> }[]) {}

  async claimByCode(claimCode: string, memberId: string, alert?: HeldAlert): Promise<ClaimByCodeOutcome> {
    this.claimCalls.push({ claimCode, memberId, ...(alert ? { alert } : {}) });
    const attachedTo = this.reports.find((candidate) => candidate.claimCode === claimCode && candidate.reportId === alert?.reportId);
    if (attachedTo && !attachedTo.alerted.includes(memberId)) attachedTo.alerted.push(memberId);
    const report = this.reports.find((candidate) => candidate.claimCode === claimCode && candidate.alerted.includes(memberId));
    if (!report) return { kind: 'not-found' };
    const claimer = this.claimers.get(report.reportId);
    if (claimer === memberId) return { kind: 'already-yours', reportId: report.reportId, claimCode };
    if (claimer) return { kind: 'already-claimed' };
    this.claimers.set(report.reportId, memberId);
    return { kind: 'claimed', reportId: report.reportId, claimCode };
  }

  async getClaimDetails(reportId: string, memberId: string): Promise<ClaimDetails | undefined> {
    const report = this.reports.find((candidate) => candidate.reportId === reportId);
    if (!report || this.claimers.get(reportId) !== memberId) return undefined;
    return {
      claimCode: report.claimCode,
      address: '1 Hive Way, Portland, OR',
      location: { latitude: 45.5, longitude: -122.6 },
      reporterName: 'Jo Doe',
      reporterPhone: '5035550177',
      ...report.details,
    };
  }
}
