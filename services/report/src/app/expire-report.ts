import { DEFAULT_REPORT_ACTIVE_HOURS, existing, isDueToExpire } from '../domain/lifecycle.js';
import type { ReportState } from '../domain/report.js';
import type { Clock, IdGenerator, ReportRepository, ReportSettings } from './ports.js';

const ATTEMPTS = 3;

/**
 * Expires a report nobody claimed within REPORT_ACTIVE_HOURS of it becoming active: it leaves every list and its
 * claim code is free. Driven by a delayed job, so it is idempotent and decides on the report as it is now: a report
 * claimed meanwhile, or active again since a later un-claim, is left alone.
 */
export class ExpireReport {
  constructor(
    private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator },
    private readonly settings: ReportSettings = { reportActiveHours: DEFAULT_REPORT_ACTIVE_HOURS },
  ) {}

  async execute(reportId: string): Promise<{ expired: boolean; state: ReportState }> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const report = existing(await this.ports.reports.findById(reportId));
      const now = this.ports.clock.now();
      if (!isDueToExpire(report, now, this.settings.reportActiveHours)) return { expired: false, state: report.state };
      const event = { kind: 'report.expired' as const, eventId: this.ports.ids.newId(), reportId, expiredAt: now };
      if (await this.ports.reports.expire(reportId, report.activeSince, now, event)) return { expired: true, state: 'expired' };
    }
    return { expired: false, state: existing(await this.ports.reports.findById(reportId)).state };
  }
}
