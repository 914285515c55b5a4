import { checkBadReason, checkClaimerAction } from '../domain/claim.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

const ATTEMPTS = 3;

/** The claimer marks a report bad with one of the five reasons, within 72 hours of claiming: it leaves every list. */
export class MarkReportBad {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(reportId: string, memberId: string, reason: string): Promise<void> {
    const checkedReason = checkBadReason(reason.trim());
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const now = this.ports.clock.now();
      const claim = checkClaimerAction(await this.ports.reports.findById(reportId), memberId, now, 'mark-bad');
      const event = { kind: 'report.marked_bad' as const, eventId: this.ports.ids.newId(), reportId, memberId, reason: checkedReason, markedAt: now };
      if (await this.ports.reports.markBad(reportId, claim, { reason: checkedReason, markedAt: now }, event)) return;
    }
    throw new ReportError('REPORT.NOT_CLAIMED', 'this report is not claimed');
  }
}
