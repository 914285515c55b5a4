import type {
  AlertBilling,
  AlertedReport,
  CoveringMember,
  DispatchLog,
  MemberDirectory,
  PayingMembership,
  ReportDirectory,
} from '../app/ports.js';

type Window = { never: true } | { never: false; sendAt?: Date };

/** Members with a phone, a distance and an availability answer the test sets. */
export class FakeMemberDirectory implements MemberDirectory {
  covering: CoveringMember[] = [];
  phones = new Map<string, string>();
  /** Per member: never (DND), or a window start; absent means "now is fine". */
  windows = new Map<string, Window>();
  readonly asked: { memberId: string; notBefore: Date }[] = [];

  async findCoveringMembers(): Promise<CoveringMember[]> {
    return this.covering.map((member) => ({ ...member }));
  }

  async nextAlertTime(memberId: string, notBefore: Date): Promise<{ never: true } | { never: false; sendAt: Date }> {
    this.asked.push({ memberId, notBefore });
    const window = this.windows.get(memberId);
    if (window?.never) return { never: true };
    const start = window?.sendAt;
    return { never: false, sendAt: start && start > notBefore ? start : notBefore };
  }

  async phoneNumber(memberId: string): Promise<string | undefined> {
    return this.phones.get(memberId);
  }
}

/** Billing with balances per association; charges are idempotent per (report, member), like the real one. */
export class FakeAlertBilling implements AlertBilling {
  memberships: PayingMembership[] = [];
  balances = new Map<string, number>();
  readonly charges = new Map<string, { companyId: string }>();

  async listPayingMemberships(memberIds: string[]): Promise<PayingMembership[]> {
    return this.memberships.filter((membership) => memberIds.includes(membership.memberId));
  }

  async chargeAlert(charge: { reportId: string; memberId: string; companyId: string }): Promise<'charged' | 'insufficient-funds' | 'not-paying'> {
    const key = `${charge.reportId}/${charge.memberId}`;
    if (this.charges.has(key)) return 'charged';
    const balance = this.balances.get(charge.companyId) ?? 100;
    if (balance < 7) return 'insufficient-funds';
    this.balances.set(charge.companyId, balance - 7);
    this.charges.set(key, { companyId: charge.companyId });
    return 'charged';
  }
}

export class FakeReportDirectory implements ReportDirectory {
  reports = new Map<string, AlertedReport>();
  readonly alerts: { reportId: string; memberId: string; companyName: string; distanceMiles: number }[] = [];

  async getReport(reportId: string): Promise<AlertedReport | undefined> {
    const report = this.reports.get(reportId);
    return report && { ...report };
  }

  async recordAlert(alert: { reportId: string; memberId: string; companyId: string; companyName: string; distanceMiles: number; alertedAt: Date }) {
    const report = this.reports.get(alert.reportId);
    if (!report) return 'unknown' as const;
    if (!this.alerts.some((a) => a.reportId === alert.reportId && a.memberId === alert.memberId)) this.alerts.push(alert);
    return report.state;
  }
}

export const silentLog: DispatchLog = { info: () => undefined, warn: () => undefined };
