import { alertJob, earliestAlertAt, recentClaimsSince } from '../domain/alert-schedule.js';
import type { AlertBilling, AlertScheduler, ClaimRecordRepository, Clock, DispatchLog, MemberDirectory, PayingMembership, ReportDirectory } from './ports.js';

export type AlertTarget = {
  reportId: string;
  location?: { latitude: number; longitude: number } | undefined;
  elevationFeet?: number | undefined;
  /** Names this alerting: 'submitted', or the un-claim that re-alerts. */
  round: string;
  /** Members not to alert (the member who un-claimed). */
  excludeMemberIds?: string[];
};

export type ScheduleOutcome = { scheduled: number; doNotDisturb: number; notPaying: number };

/**
 * Schedules one alert job per member who covers the swarm and is alerted through a paying association:
 * at now + the member's recent-claims delay, moved to the start of their next availability window; not at all under
 * Do Not Disturb. Scheduling is idempotent per (report, member), so running this again changes nothing.
 */
export class ScheduleAlerts {
  constructor(
    private readonly ports: {
      members: MemberDirectory;
      billing: AlertBilling;
      reports: ReportDirectory;
      claims: ClaimRecordRepository;
      scheduler: AlertScheduler;
      clock: Clock;
      log: DispatchLog;
    },
    private readonly options: { recentClaimsWindowDays?: number; random?: () => number } = {},
  ) {}

  async execute(target: AlertTarget): Promise<ScheduleOutcome> {
    const { members, billing, claims, scheduler, clock, log } = this.ports;
    const outcome: ScheduleOutcome = { scheduled: 0, doNotDisturb: 0, notPaying: 0 };
    let { location, elevationFeet } = target;
    if (!location || elevationFeet === undefined) {
      const report = await this.ports.reports.getReport(target.reportId);
      location ??= report?.location;
      elevationFeet ??= report?.elevationFeet;
    }
    if (!location) {
      log.warn({ reportId: target.reportId }, 'report has no location; nobody to alert');
      return outcome;
    }

    const excluded = new Set(target.excludeMemberIds ?? []);
    // Shuffled: alerts due at the same time leave one by one (paced per sender number), and whoever is texted first
    // can claim first, so no member may always be first (TOOLCHAIN.md, SMS facts).
    const covering = shuffled(
      (await members.findCoveringMembers(location, elevationFeet ?? 0)).filter((m) => !excluded.has(m.memberId)),
      this.options.random ?? Math.random,
    );
    if (covering.length === 0) return outcome;
    const membership = firstPayingMembershipByMember(await billing.listPayingMemberships(covering.map((m) => m.memberId)));

    const now = clock.now();
    const since = recentClaimsSince(now, this.options.recentClaimsWindowDays);
    for (const member of covering) {
      const paying = membership.get(member.memberId);
      if (!paying) {
        outcome.notPaying += 1;
        continue;
      }
      const recentClaims = await claims.countClaimsSince(member.memberId, since);
      const next = await members.nextAlertTime(member.memberId, earliestAlertAt(now, recentClaims));
      if (next.never) {
        outcome.doNotDisturb += 1;
        continue;
      }
      const job = alertJob({
        reportId: target.reportId,
        memberId: member.memberId,
        companyId: paying.companyId,
        companyName: paying.companyName,
        distanceMiles: member.distanceMiles,
        round: target.round,
      });
      await scheduler.schedule(job, next.sendAt);
      outcome.scheduled += 1;
      log.info({ reportId: target.reportId, memberId: member.memberId, recentClaims, runAt: next.sendAt.toISOString() }, 'alert scheduled');
    }
    return outcome;
  }
}

/**
 * One association per member pays for the alert. Billing lists memberships in a stable order, and the first one
 * is taken, so every scheduling of the same alert charges the same association.
 */
function firstPayingMembershipByMember(memberships: PayingMembership[]): Map<string, PayingMembership> {
  const byMember = new Map<string, PayingMembership>();
  for (const membership of memberships) if (!byMember.has(membership.memberId)) byMember.set(membership.memberId, membership);
  return byMember;
}

/** Fisher–Yates with the given source of randomness in [0, 1). */
function shuffled<T>(items: T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
