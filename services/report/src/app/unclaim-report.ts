import { checkClaimerAction } from '../domain/claim.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

const ATTEMPTS = 3;

/** The claimer gives a report back within 72 hours of claiming: it is active again for the other alerted members. */
export class UnclaimReport {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(reportId: string, memberId: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const now = this.ports.clock.now();
      const claim = checkClaimerAction(await this.ports.reports.findById(reportId), memberId, now);
      const event = { kind: 'report.unclaimed' as const, eventId: this.ports.ids.newId(), reportId, memberId, unclaimedAt: now };
      // Conditional on the very claim checked: a concurrent change makes it refuse, and the re-read says why.
      if (await this.ports.reports.unclaim(reportId, claim, event)) return;
    }
    throw new ReportError('REPORT.NOT_CLAIMED', 'this report is not claimed');
  }
}
