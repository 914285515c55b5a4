import { startDispatch, type AlertDispatch, type CoveringMember, type ReportState, type SubmittedReport } from '../domain/alert-dispatch.js';
import type { AlertBilling, DispatchLog, DispatchRepository, MemberDirectory } from '../app/ports.js';

/** A submitted report as ReportSubmitted carries it, with overrides. */
export function aSubmittedReport(overrides: Partial<SubmittedReport> = {}): SubmittedReport {
  return {
    eventId: 'event-r1',
    reportId: 'r1',
    claimCode: '04217',
    size: 'Basketball',
    elevationFeet: 12,
    location: { latitude: 45.5, longitude: -122.6 },
    submittedAt: new Date('2026-06-01T00:00:00Z'),
    coverage: [],
    ...overrides,
  };
}

/** Members covering a swarm through one association. */
export function coverageOf(memberIds: string[], through = { companyId: 'c1', companyName: 'Portland Bees' }, distanceMiles = 1): CoveringMember[] {
  return memberIds.map((memberId) => ({ memberId, distanceMiles, ...through }));
}

/** Stores the report as received by dispatch, in the given state. */
export async function seedDispatch(
  dispatches: DispatchRepository,
  overrides: Partial<SubmittedReport> = {},
  state: ReportState = 'active',
): Promise<AlertDispatch> {
  const report = aSubmittedReport(overrides);
  await dispatches.recordIfAbsent(startDispatch(report, report.submittedAt));
  if (state !== 'active') await dispatches.changeReportState(report.reportId, { state, at: new Date(report.submittedAt.getTime() + 1_000) });
  return (await dispatches.findByReportId(report.reportId))!;
}

type Window = { never: true } | { never: false; sendAt?: Date };

/** Members with a phone and an availability answer the test sets. */
export class FakeMemberDirectory implements MemberDirectory {
  phones = new Map<string, string>();
  /** Per member: never (DND), or a window start; absent means "now is fine". */
  windows = new Map<string, Window>();
  readonly asked: { memberId: string; notBefore: Date }[] = [];

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
  balances = new Map<string, number>();
  readonly charges = new Map<string, { companyId: string }>();

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

export const silentLog: DispatchLog = { info: () => undefined, warn: () => undefined };
