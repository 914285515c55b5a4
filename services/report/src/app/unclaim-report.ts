import { checkClaimerAction } from '../domain/claim.js';
import { DEFAULT_REPORT_ACTIVE_HOURS, expiresAt } from '../domain/lifecycle.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, IdGenerator, ReportRepository, ReportSettings } from './ports.js';

const ATTEMPTS = 3;

/**
 * The claimer gives a report back within 72 hours of claiming: it is active again for the other alerted members, and
 * expires REPORT_ACTIVE_HOURS from now if nobody claims it.
 */
export class UnclaimReport {
  constructor(
    private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator },
    private readonly settings: ReportSettings = { reportActiveHours: DEFAULT_REPORT_ACTIVE_HOURS },
  ) {}

  async execute(reportId: string, memberId: string): Promise<void> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const now = this.ports.clock.now();
      const claim = checkClaimerAction(await this.ports.reports.findById(reportId), memberId, now, 'unclaim');
      const event = {
        kind: 'report.unclaimed' as const,
        eventId: this.ports.ids.newId(),
        reportId,
        memberId,
        unclaimedAt: now,
        expiresAt: expiresAt(now, this.settings.reportActiveHours),
      };
      // Conditional on the very claim checked: a concurrent change makes it refuse, and the re-read says why.
      if (await this.ports.reports.unclaim(reportId, claim, event)) return;
    }
    throw new ReportError('REPORT.NOT_CLAIMED', 'this report is not claimed');
  }
}
