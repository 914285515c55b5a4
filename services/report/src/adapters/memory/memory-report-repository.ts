import type { MemoryOutbox } from '@swarm/runtime';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import type { BadReason } from '../../domain/claim.js';
import type { MemberAlert } from '../../domain/member-alert.js';
import type { Report, ReportClaim } from '../../domain/report.js';
import type { ReportClaimed, ReportEvent, ReportMarkedBad, ReportUnclaimed } from '../../domain/report-events.js';
import { addressKey } from '../../domain/duplicate-report.js';
import { toOutboxMessage } from '../events/report-event-codec.js';

const isLive = (report: Report) => report.state === 'active' || report.state === 'claimed';
const sameClaim = (report: Report, claim: ReportClaim) =>
  report.state === 'claimed' && report.claim?.memberId === claim.memberId && report.claim.claimedAt.getTime() === claim.claimedAt.getTime();

/**
 * Reports in a map. Every change checks and writes in one synchronous step (no await in between), so conditional
 * transitions are atomic under concurrent calls, and the events go to the outbox in that same step.
 */
export class MemoryReportRepository implements ReportRepository {
  private readonly reports = new Map<string, Report>();
  private readonly alerts = new Map<string, MemberAlert>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

  async create(report: Report, events: ReportEvent[]): Promise<CreateOutcome> {
    const stored = [...this.reports.values()];
    if (stored.some((other) => other.idempotencyId === report.idempotencyId)) return 'idempotency-id-taken';
    if (stored.some((other) => isLive(other) && other.claimCode === report.claimCode)) return 'claim-code-taken';
    this.reports.set(report.reportId, structuredClone(report));
    this.outbox.append(events.map(toOutboxMessage));
    this.onEventsStored();
    return 'created';
  }

  async findById(reportId: string): Promise<Report | undefined> {
    const report = this.reports.get(reportId);
    return report && structuredClone(report);
  }

  async findByIdempotencyId(idempotencyId: string): Promise<Report | undefined> {
    const report = [...this.reports.values()].find((candidate) => candidate.idempotencyId === idempotencyId);
    return report && structuredClone(report);
  }

  async findLiveAtAddressSince(key: string, since: Date): Promise<Report[]> {
    return [...this.reports.values()]
      .filter((report) => isLive(report) && addressKey(report.address) === key && report.createdAt >= since)
      .map((report) => structuredClone(report));
  }

  async findLiveByClaimCode(claimCode: string): Promise<Report | undefined> {
    const report = [...this.reports.values()].find((candidate) => isLive(candidate) && candidate.claimCode === claimCode);
    return report && structuredClone(report);
  }

  async findByIds(reportIds: string[]): Promise<Report[]> {
    return reportIds.flatMap((reportId) => {
      const report = this.reports.get(reportId);
      return report ? [structuredClone(report)] : [];
    });
  }

  async findClaimedBy(memberId: string): Promise<Report[]> {
    return [...this.reports.values()]
      .filter((report) => report.state === 'claimed' && report.claim?.memberId === memberId)
      .map((report) => structuredClone(report));
  }

  async claim(reportId: string, claim: ReportClaim, event: ReportClaimed): Promise<boolean> {
    return this.transition(reportId, (report) => report.state === 'active', (report) => ({ ...report, state: 'claimed', claim: { ...claim } }), event);
  }

  async unclaim(reportId: string, claim: ReportClaim, event: ReportUnclaimed): Promise<boolean> {
    return this.transition(
      reportId,
      (report) => sameClaim(report, claim),
      ({ claim: _claim, ...report }) => ({ ...report, state: 'active' }),
      event,
    );
  }

  async markBad(reportId: string, claim: ReportClaim, bad: { reason: BadReason; markedAt: Date }, event: ReportMarkedBad): Promise<boolean> {
    return this.transition(reportId, (report) => sameClaim(report, claim), (report) => ({ ...report, state: 'bad', bad: { ...bad } }), event);
  }

  async recordAlert(alert: MemberAlert): Promise<void> {
    const key = alertKey(alert.reportId, alert.memberId);
    if (!this.alerts.has(key)) this.alerts.set(key, structuredClone(alert));
  }

  async findAlert(reportId: string, memberId: string): Promise<MemberAlert | undefined> {
    const alert = this.alerts.get(alertKey(reportId, memberId));
    return alert && structuredClone(alert);
  }

  async findAlertsForMember(memberId: string): Promise<MemberAlert[]> {
    return [...this.alerts.values()].filter((alert) => alert.memberId === memberId).map((alert) => structuredClone(alert));
  }

  private transition(reportId: string, applies: (report: Report) => boolean, change: (report: Report) => Report, event: ReportEvent): boolean {
    const report = this.reports.get(reportId);
    if (!report || !applies(report)) return false;
    this.reports.set(reportId, structuredClone(change(report)));
    this.outbox.append([toOutboxMessage(event)]);
    this.onEventsStored();
    return true;
  }
}

function alertKey(reportId: string, memberId: string): string {
  return JSON.stringify([reportId, memberId]);
}
