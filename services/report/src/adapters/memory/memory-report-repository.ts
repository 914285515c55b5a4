import type { MemoryOutbox } from '@swarm/runtime';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import type { BadReason } from '../../domain/claim.js';
import type { MemberAlert } from '../../domain/member-alert.js';
import type { ClaimOutcome, Report, ReportClaim } from '../../domain/report.js';
import type {
  ClaimOutcomeRecorded,
  ReportClaimed,
  ReportClosed,
  ReportDeparted,
  ReporterDataErased,
  ReporterSaidGone,
  ReportEvent,
  ReportExpired,
  ReportMarkedBad,
  ReportUnclaimed,
} from '../../domain/report-events.js';
import { CLAIM_CODE_COUNT, claimCodeOf } from '../../domain/claim-code.js';
import { addressKey } from '../../domain/duplicate-report.js';
import { isLive, type LiveReportSeen } from '../../domain/lifecycle.js';
import { withReporterDataErased, type ReporterDataErasure } from '../../domain/retention.js';
import { toOutboxMessage, unservedOutboxMessage } from '../events/report-event-codec.js';
import type { ReportUnserved } from '../../domain/unserved-demand.js';

const isActiveOrClaimed = (report: Report) => report.state === 'active' || report.state === 'claimed';
const heldBy = (report: Report, claim: ReportClaim) =>
  report.claim?.memberId === claim.memberId && report.claim.claimedAt.getTime() === claim.claimedAt.getTime();
const sameClaim = (report: Report, claim: ReportClaim) => report.state === 'claimed' && heldBy(report, claim);
const activeSince = (report: Report, since: Date) => report.state === 'active' && report.activeSince.getTime() === since.getTime();
const stillAsSeen = (report: Report, seen: LiveReportSeen) =>
  seen.state === 'active' ? activeSince(report, seen.activeSince) : sameClaim(report, seen.claim) && report.claim?.closedAt === undefined;

/**
 * Reports in a map, with the same lookups the Mongo adapter has indexes for (idempotency id, live claim code, address
 * key, claimer, live reports by reporter phone), so no call scans every stored report. Every change checks and writes in one synchronous step (no
 * await in between), so conditional transitions are atomic under concurrent calls, and the events go to the outbox in
 * that same step.
 */
export class MemoryReportRepository implements ReportRepository {
  private readonly reports = new Map<string, Report>();
  private readonly byIdempotencyId = new Map<string, string>();
  private readonly liveByClaimCode = new Map<string, string>();
  /** Report ids by `addressKey(address)`, computed once when a report is stored. */
  private readonly byAddressKey = new Map<string, Set<string>>();
  private readonly claimedBy = new Map<string, Set<string>>();
  private readonly liveByReporterPhone = new Map<string, Set<string>>();
  /** Ended reports that still keep their reporter's data. */
  private readonly awaitingErasure = new Set<string>();
  private readonly alerts = new Map<string, MemberAlert>();
  private readonly alertKeysByMember = new Map<string, string[]>();

  constructor(
    private readonly outbox: MemoryOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {}

  async recordUnserved(event: ReportUnserved): Promise<void> {
    this.outbox.append([unservedOutboxMessage(event)]);
    this.onEventsStored();
  }

  async create(report: Report, events: ReportEvent[]): Promise<CreateOutcome> {
    if (this.byIdempotencyId.has(report.idempotencyId)) return 'idempotency-id-taken';
    if (this.liveByClaimCode.has(report.claimCode)) return 'claim-code-taken';
    this.reports.set(report.reportId, structuredClone(report));
    this.byIdempotencyId.set(report.idempotencyId, report.reportId);
    addTo(this.byAddressKey, addressKey(report.address), report.reportId);
    this.indexState(report);
    this.outbox.append(events.map(toOutboxMessage));
    this.onEventsStored();
    return 'created';
  }

  async findById(reportId: string): Promise<Report | undefined> {
    return this.copyOf(reportId);
  }

  async findByIdempotencyId(idempotencyId: string): Promise<Report | undefined> {
    const reportId = this.byIdempotencyId.get(idempotencyId);
    return reportId === undefined ? undefined : this.copyOf(reportId);
  }

  async findLiveAtAddressSince(key: string, since: Date): Promise<Report[]> {
    return [...(this.byAddressKey.get(key) ?? [])]
      .map((reportId) => this.reports.get(reportId)!)
      .filter((report) => isActiveOrClaimed(report) && report.createdAt >= since)
      .map((report) => structuredClone(report));
  }

  async findLiveByClaimCode(claimCode: string): Promise<Report | undefined> {
    const reportId = this.liveByClaimCode.get(claimCode);
    return reportId === undefined ? undefined : this.copyOf(reportId);
  }

  async findFreeClaimCode(from: string): Promise<string | undefined> {
    const start = Number(from);
    for (let offset = 0; offset < CLAIM_CODE_COUNT; offset += 1) {
      const code = claimCodeOf((start + offset) % CLAIM_CODE_COUNT);
      if (!this.liveByClaimCode.has(code)) return code;
    }
    return undefined;
  }

  async findByIds(reportIds: string[]): Promise<Report[]> {
    return reportIds.flatMap((reportId) => {
      const report = this.reports.get(reportId);
      return report ? [structuredClone(report)] : [];
    });
  }

  async findClaimedBy(memberId: string): Promise<Report[]> {
    return [...(this.claimedBy.get(memberId) ?? [])].map((reportId) => structuredClone(this.reports.get(reportId)!));
  }

  async findLiveByReporterPhone(reporterPhone: string): Promise<Report[]> {
    return [...(this.liveByReporterPhone.get(reporterPhone) ?? [])].map((reportId) => structuredClone(this.reports.get(reportId)!));
  }

  async findLiveAfterClaimCode(afterClaimCode: string | undefined, limit: number): Promise<Report[]> {
    return [...this.liveByClaimCode.entries()]
      .filter(([claimCode]) => afterClaimCode === undefined || claimCode > afterClaimCode)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .slice(0, limit)
      .map(([, reportId]) => structuredClone(this.reports.get(reportId)!));
  }

  async claim(reportId: string, claim: ReportClaim, event: ReportClaimed): Promise<boolean> {
    return this.transition(reportId, (report) => report.state === 'active', (report) => ({ ...report, state: 'claimed', claim: { ...claim } }), event);
  }

  async unclaim(reportId: string, claim: ReportClaim, event: ReportUnclaimed): Promise<boolean> {
    return this.transition(
      reportId,
      (report) => sameClaim(report, claim),
      ({ claim: _claim, endedAt: _endedAt, ...report }) => ({ ...report, state: 'active', activeSince: event.unclaimedAt }),
      event,
    );
  }

  async markBad(reportId: string, claim: ReportClaim, bad: { reason: BadReason; markedAt: Date }, event: ReportMarkedBad): Promise<boolean> {
    return this.transition(reportId, (report) => sameClaim(report, claim) && report.reporterDataErasedAt === undefined, (report) => ({ ...report, state: 'bad', bad: { ...bad }, endedAt: report.endedAt ?? bad.markedAt }), event);
  }

  async expire(reportId: string, since: Date, expiredAt: Date, event: ReportExpired): Promise<boolean> {
    return this.transition(reportId, (report) => activeSince(report, since), (report) => ({ ...report, state: 'expired', expiredAt, endedAt: report.endedAt ?? expiredAt }), event);
  }

  async close(reportId: string, claim: ReportClaim, closedAt: Date, event: ReportClosed): Promise<boolean> {
    return this.transition(
      reportId,
      (report) => sameClaim(report, claim) && report.claim?.closedAt === undefined,
      (report) => ({ ...report, claim: { ...report.claim!, closedAt }, endedAt: report.endedAt ?? closedAt }),
      event,
    );
  }

  async depart(reportId: string, seen: LiveReportSeen, departedAt: Date, event: ReportDeparted): Promise<boolean> {
    return this.transition(reportId, (report) => stillAsSeen(report, seen), (report) => ({ ...report, state: 'departed', departedAt, endedAt: report.endedAt ?? departedAt }), event);
  }

  async noteReporterSaidGone(reportId: string, claim: ReportClaim, saidAt: Date, event: ReporterSaidGone): Promise<boolean> {
    return this.transition(
      reportId,
      (report) =>
        sameClaim(report, claim) &&
        report.claim?.closedAt === undefined &&
        report.claim?.outcome === undefined &&
        report.claim?.reporterSaidGoneAt === undefined,
      (report) => ({ ...report, claim: { ...report.claim!, reporterSaidGoneAt: saidAt } }),
      event,
    );
  }

  async recordOutcome(reportId: string, claim: ReportClaim, outcome: ClaimOutcome, event: ClaimOutcomeRecorded): Promise<boolean> {
    return this.transition(
      reportId,
      (report) => (report.state === 'claimed' || report.state === 'departed') && heldBy(report, claim),
      (report) => ({ ...report, claim: { ...report.claim!, outcome } }),
      event,
    );
  }

  async findEndedAwaitingErasure(cutoff: Date, limit: number): Promise<Report[]> {
    return [...this.awaitingErasure]
      .map((reportId) => this.reports.get(reportId)!)
      .filter((report) => report.endedAt!.getTime() <= cutoff.getTime())
      .sort((a, b) => a.endedAt!.getTime() - b.endedAt!.getTime())
      .slice(0, limit)
      .map((report) => structuredClone(report));
  }

  async eraseReporterData(reportId: string, erasure: ReporterDataErasure, event: ReporterDataErased): Promise<boolean> {
    const before = this.reports.get(reportId);
    const erased = this.transition(
      reportId,
      (report) => report.endedAt !== undefined && report.reporterDataErasedAt === undefined,
      (report) => withReporterDataErased(report, erasure),
      event,
    );
    // The address key was made of the street: the report is found under the town's from now on.
    if (erased && before) {
      removeFrom(this.byAddressKey, addressKey(before.address), reportId);
      addTo(this.byAddressKey, addressKey(erasure.address), reportId);
    }
    return erased;
  }

  async recordAlert(alert: MemberAlert): Promise<void> {
    const key = alertKey(alert.reportId, alert.memberId);
    if (this.alerts.has(key)) return;
    this.alerts.set(key, structuredClone(alert));
    const memberKeys = this.alertKeysByMember.get(alert.memberId);
    if (memberKeys) memberKeys.push(key);
    else this.alertKeysByMember.set(alert.memberId, [key]);
  }

  async findAlert(reportId: string, memberId: string): Promise<MemberAlert | undefined> {
    const alert = this.alerts.get(alertKey(reportId, memberId));
    return alert && structuredClone(alert);
  }

  async findAlertsForMember(memberId: string): Promise<MemberAlert[]> {
    return (this.alertKeysByMember.get(memberId) ?? []).map((key) => structuredClone(this.alerts.get(key)!));
  }

  private transition(reportId: string, applies: (report: Report) => boolean, change: (report: Report) => Report, event: ReportEvent): boolean {
    const report = this.reports.get(reportId);
    if (!report || !applies(report)) return false;
    const changed = structuredClone(change(report));
    this.unindexState(report);
    this.reports.set(reportId, changed);
    this.indexState(changed);
    this.outbox.append([toOutboxMessage(event)]);
    this.onEventsStored();
    return true;
  }

  private copyOf(reportId: string): Report | undefined {
    const report = this.reports.get(reportId);
    return report && structuredClone(report);
  }

  /**
   * The lookups that depend on a report's state: its claim code and its reporter's number while live, its claimer
   * while claimed.
   */
  private indexState(report: Report): void {
    if (isLive(report)) {
      this.liveByClaimCode.set(report.claimCode, report.reportId);
      addTo(this.liveByReporterPhone, report.reporterPhone, report.reportId);
    }
    if (report.state === 'claimed' && report.claim) addTo(this.claimedBy, report.claim.memberId, report.reportId);
    if (report.endedAt !== undefined && report.reporterDataErasedAt === undefined) this.awaitingErasure.add(report.reportId);
  }

  private unindexState(report: Report): void {
    if (this.liveByClaimCode.get(report.claimCode) === report.reportId) this.liveByClaimCode.delete(report.claimCode);
    removeFrom(this.liveByReporterPhone, report.reporterPhone, report.reportId);
    if (report.claim) removeFrom(this.claimedBy, report.claim.memberId, report.reportId);
    this.awaitingErasure.delete(report.reportId);
  }
}

function addTo(index: Map<string, Set<string>>, key: string, reportId: string): void {
  const ids = index.get(key);
  if (ids) ids.add(reportId);
  else index.set(key, new Set([reportId]));
}

function removeFrom(index: Map<string, Set<string>>, key: string, reportId: string): void {
  const ids = index.get(key);
  ids?.delete(reportId);
  if (ids?.size === 0) index.delete(key);
}

function alertKey(reportId: string, memberId: string): string {
  return JSON.stringify([reportId, memberId]);
}
