import type { MemoryOutbox } from '@swarm/runtime';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import type { Report } from '../../domain/report.js';
import type { ReportEvent } from '../../domain/report-events.js';
import { addressKey } from '../../domain/duplicate-report.js';
import { toOutboxMessage } from '../events/report-event-codec.js';

const isLive = (report: Report) => report.state === 'active' || report.state === 'claimed';

export class MemoryReportRepository implements ReportRepository {
  private readonly reports = new Map<string, Report>();

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
}
