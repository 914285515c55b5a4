import type { ClaimOutcomeLabel } from '@swarm/proto/labels';
import type { ReportLifecycle } from './ports/other-services.js';
import type { ClaimByCodeOutcome, MemberContacts, ReportClaims } from './ports/inbound.js';
import type { ClaimDetails } from '../domain/inbound-sms.js';
import type { HeldAlert } from '../domain/sent-alert.js';
import type { ReporterGoneCounts } from '../domain/follow-up-texts.js';

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

/** The report service's lifecycle calls, in memory: live reports by reporter number and claims with outcomes. */
export class FakeReportLifecycle implements ReportLifecycle {
  readonly liveByReporter = new Map<string, string[]>();
  readonly departed: string[] = [];
  /** Claimed reports whose claimer the report service would tell (ReporterSaidGone), once each. */
  readonly claimersTold: string[] = [];
  readonly outcomes = new Map<string, ClaimOutcomeLabel>();
  /** reportId → claimer. */
  readonly claimers = new Map<string, { memberId: string; claimedAt: Date }>();

  /** As the report service decides: an unclaimed report departs; a claimed one is told once, or settled by its outcome. */
  async markDepartedByReporter(phoneNumber: string): Promise<ReporterGoneCounts> {
    const national = phoneNumber.replace(/^\+1/, '');
    const counts: ReporterGoneCounts = { departed: 0, claimerTold: 0, settled: 0 };
    const stillLive: string[] = [];
    for (const reportId of this.liveByReporter.get(national) ?? []) {
      if (!this.claimers.has(reportId)) {
        this.departed.push(reportId);
        counts.departed += 1;
        continue;
      }
      stillLive.push(reportId);
      if (this.outcomes.has(reportId)) counts.settled += 1;
      else {
        if (!this.claimersTold.includes(reportId)) this.claimersTold.push(reportId);
        counts.claimerTold += 1;
      }
    }
    this.liveByReporter.set(national, stillLive);
    return counts;
  }

  async recordClaimOutcome(reportId: string, memberId: string, outcome: ClaimOutcomeLabel): Promise<'recorded' | 'refused'> {
    if (this.claimers.get(reportId)?.memberId !== memberId) return 'refused';
    this.outcomes.set(reportId, outcome);
    return 'recorded';
  }

  async claimOf(reportId: string, memberId: string): Promise<{ claimedAt: Date; outcome: ClaimOutcomeLabel | undefined } | undefined> {
    const claim = this.claimers.get(reportId);
    return claim?.memberId === memberId ? { claimedAt: claim.claimedAt, outcome: this.outcomes.get(reportId) } : undefined;
  }
}
