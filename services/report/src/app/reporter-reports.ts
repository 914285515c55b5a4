import { isLive, liveReportSeen, reporterPhoneFrom } from '../domain/lifecycle.js';
import type { Report, ReportState } from '../domain/report.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

/** A live report as its reporter's texts concern it. */
export type LiveReportByReporter = {
  reportId: string;
  claimCode: string;
  /** active or claimed: the state it had while live. */
  state: ReportState;
  /** The claimer; '' when active. */
  memberId: string;
};

const ATTEMPTS = 3;

function byReporter(report: Report): LiveReportByReporter {
  return {
    reportId: report.reportId,
    claimCode: report.claimCode,
    state: report.state,
    memberId: report.state === 'claimed' ? (report.claim?.memberId ?? '') : '',
  };
}

const newestFirst = (a: Report, b: Report) => b.createdAt.getTime() - a.createdAt.getTime();

/** The live reports made from a phone number (ten digits, or +1 and ten digits as the SMS provider sends it). */
export class ListLiveReportsByReporter {
  constructor(private readonly reports: ReportRepository) {}

  async execute(phone: string): Promise<LiveReportByReporter[]> {
    const reporterPhone = reporterPhoneFrom(phone);
    if (!reporterPhone) return [];
    const reports = await this.reports.findLiveByReporterPhone(reporterPhone);
    return reports.filter(isLive).sort(newestFirst).map(byReporter);
  }
}

/**
 * The reporter texted that the swarm has gone: every live report made from the number departs (it leaves every list,
 * its claim code is free, a claim is kept for the record), each announced with ReportDeparted. Answers the reports
 * this call made depart, as they were while live; a second GONE answers none.
 */
export class MarkDepartedByReporter {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(phone: string): Promise<LiveReportByReporter[]> {
    const reporterPhone = reporterPhoneFrom(phone);
    if (!reporterPhone) return [];
    const reports = await this.ports.reports.findLiveByReporterPhone(reporterPhone);
    const departed: LiveReportByReporter[] = [];
    for (const found of reports.sort(newestFirst)) {
      const report = await this.depart(found);
      if (report) departed.push(byReporter(report));
    }
    return departed;
  }

  /** The report as it was when this call made it depart; undefined when it was no longer live. */
  private async depart(found: Report): Promise<Report | undefined> {
    let report: Report | undefined = found;
    for (let attempt = 0; attempt < ATTEMPTS && report; attempt += 1) {
      const seen = liveReportSeen(report);
      if (!seen) return undefined;
      const now = this.ports.clock.now();
      const event = {
        kind: 'report.departed' as const,
        eventId: this.ports.ids.newId(),
        reportId: report.reportId,
        memberId: seen.state === 'claimed' ? seen.claim.memberId : '',
        claimCode: report.claimCode,
        departedAt: now,
      };
      if (await this.ports.reports.depart(report.reportId, seen, now, event)) return report;
      report = await this.ports.reports.findById(report.reportId);
    }
    return undefined;
  }
}
