import { reporterDataErased } from '../domain/report-events.js';
import { DEFAULT_REPORTER_DATA_DAYS, isReporterDataDue, reporterDataErasure, retentionCutoff } from '../domain/retention.js';
import type { Report } from '../domain/report.js';
import type { Clock, ImageStore, ReportRepository, RetentionSettings } from './ports.js';

const BATCH = 100;

/**
 * Erases the reporter's data of every report that ended REPORTER_DATA_DAYS ago or more: its pictures first, then, in
 * one write with `report.reporter_data_erased`, the name, phone, note, street and exact place. Run by a periodic sweep
 * (in every replica: the conditional write lets one of them erase a report and announce it once). A sweep stopped in
 * between leaves the report due, and the next one finishes it; removing a picture twice is harmless.
 */
export class EraseReporterData {
  constructor(
    private readonly ports: { reports: ReportRepository; images: ImageStore; clock: Clock },
    private readonly settings: RetentionSettings = { reporterDataDays: DEFAULT_REPORTER_DATA_DAYS },
  ) {}

  /** The reports this sweep erased. */
  async execute(): Promise<string[]> {
    const erased: string[] = [];
    for (;;) {
      const now = this.ports.clock.now();
      const due = await this.ports.reports.findEndedAwaitingErasure(retentionCutoff(now, this.settings.reporterDataDays), BATCH);
      let erasedInBatch = 0;
      for (const report of due) {
        if (!(await this.erase(report, now))) continue;
        erased.push(report.reportId);
        erasedInBatch += 1;
      }
      // A batch that erased nothing (another replica got there first) ends the sweep as surely as an empty one.
      if (due.length < BATCH || erasedInBatch === 0) return erased;
    }
  }

  private async erase(report: Report, now: Date): Promise<boolean> {
    if (!isReporterDataDue(report, now, this.settings.reporterDataDays)) return false;
    if (report.image) {
      await this.ports.images.remove(report.image.imageName);
      await this.ports.images.remove(report.image.thumbnailName);
    }
    return this.ports.reports.eraseReporterData(report.reportId, reporterDataErasure(report, now), reporterDataErased(report.reportId, now));
  }
}
