import { existing, isDueToClose } from '../domain/lifecycle.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

const ATTEMPTS = 3;

/**
 * Closes a claimed report once its 72-hour un-claim window has ended: it stays the claimer's (under Claimed Swarms)
 * and its claim code is free for new reports. Driven by a delayed job, so it is idempotent: a report un-claimed,
 * marked bad or closed meanwhile is left alone.
 */
export class CloseClaimedReport {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(reportId: string): Promise<{ closed: boolean }> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const report = existing(await this.ports.reports.findById(reportId));
      const now = this.ports.clock.now();
      if (!isDueToClose(report, now)) return { closed: false };
      const event = { kind: 'report.closed' as const, eventId: this.ports.ids.newId(), reportId, memberId: report.claim.memberId, closedAt: now };
      if (await this.ports.reports.close(reportId, report.claim, now, event)) return { closed: true };
    }
    return { closed: false };
  }
}
