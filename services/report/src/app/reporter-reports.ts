import { goneEffectOn, isLive, reporterPhoneFrom } from '../domain/lifecycle.js';
import type { Report, ReportClaim, ReportState } from '../domain/report.js';
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

/** What a reporter's GONE did to each of their live reports, as each was while live. */
export type ReporterGoneResult = {
  /** Active reports this call made depart. */
  departed: LiveReportByReporter[];
  /** Claimed reports whose claimer is told the reporter says the swarm left (now or by an earlier GONE). */
  claimerTold: LiveReportByReporter[];
  /** Claimed reports whose claimer had already recorded what happened: left as they are. */
  settled: LiveReportByReporter[];
};

/**
 * The reporter texted that the swarm has gone. Each live report made from the number is decided on by `goneEffectOn`:
 * an active one departs (it leaves every list, its claim code is free: ReportDeparted); a claimed one without an
 * outcome stays under its claimer's Claimed Swarms and is marked once (ReporterSaidGone, so the claimer is told);
 * a claimed one with an outcome is left alone. A second GONE departs nothing and tells no claimer again.
 */
export class MarkDepartedByReporter {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(phone: string): Promise<ReporterGoneResult> {
    const result: ReporterGoneResult = { departed: [], claimerTold: [], settled: [] };
    const reporterPhone = reporterPhoneFrom(phone);
    if (!reporterPhone) return result;
    const reports = await this.ports.reports.findLiveByReporterPhone(reporterPhone);
    for (const found of reports.sort(newestFirst)) {
      const decided = await this.apply(found);
      if (decided) result[decided.effect].push(byReporter(decided.report));
    }
    return result;
  }

  /** The report as it was when GONE was applied to it, and what it did; undefined when it had departed meanwhile. */
  private async apply(found: Report): Promise<{ report: Report; effect: keyof ReporterGoneResult } | undefined> {
    let report: Report | undefined = found;
    for (let attempt = 0; attempt < ATTEMPTS && report; attempt += 1) {
      const effect = goneEffectOn(report);
      if (!effect) return undefined;
      if (effect === 'settled') return { report, effect: 'settled' };
      if (effect === 'claimer-told') return { report, effect: 'claimerTold' };
      const now = this.ports.clock.now();
      if (effect === 'depart' && (await this.depart(report, now))) return { report, effect: 'departed' };
      if (effect === 'tell-claimer' && report.claim && (await this.tellClaimer(report, report.claim, now))) return { report, effect: 'claimerTold' };
      report = await this.ports.reports.findById(report.reportId);
    }
    return undefined;
  }

  private depart(report: Report, now: Date): Promise<boolean> {
    const event = { kind: 'report.departed' as const, eventId: this.ports.ids.newId(), reportId: report.reportId, memberId: '', claimCode: report.claimCode, departedAt: now };
    return this.ports.reports.depart(report.reportId, { state: 'active', activeSince: report.activeSince }, now, event);
  }

  private tellClaimer(report: Report, claim: ReportClaim, now: Date): Promise<boolean> {
    const event = {
      kind: 'report.reporter_said_gone' as const,
      eventId: this.ports.ids.newId(),
      reportId: report.reportId,
      memberId: claim.memberId,
      claimCode: report.claimCode,
      saidAt: now,
    };
    return this.ports.reports.noteReporterSaidGone(report.reportId, claim, now, event);
  }
}
