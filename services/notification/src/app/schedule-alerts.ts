import type { CoveringMember } from '../domain/alert-dispatch.js';
import { alertJob, earliestAlertAt, recentClaimsSince } from '../domain/alert-schedule.js';
import { nextAlertTime } from '../domain/member-settings.js';
import type { MemberSettings } from './member-settings.js';
import type { AlertScheduler } from './ports/alert-jobs.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { ClaimRecordRepository } from './ports/stores.js';

export type AlertTarget = {
  reportId: string;
  /** Who covers the swarm and through which paying association, as computed at submission. */
  coverage: CoveringMember[];
  /** Names this alerting: 'submitted', or the un-claim that re-alerts. */
  round: string;
  /** Members not to alert (the member who un-claimed). */
  excludeMemberIds?: string[];
};

/** Members scheduled between two yields to the event loop (see execute). */
const MEMBERS_PER_TURN = 50;

export type ScheduleOutcome = { scheduled: number; doNotDisturb: number; unknownMember: number };

/**
 * Schedules one alert job per covering member: at now + the member's recent-claims delay, moved to the start of
 * their next availability window; not at all under Do Not Disturb. The recent claims and the members' settings are
 * read for all covering members at once, from this service's own stores. Scheduling is idempotent per (report,
 * member), so running this again changes nothing.
 */
export class ScheduleAlerts {
  constructor(
    private readonly ports: {
      members: MemberSettings;
      claims: ClaimRecordRepository;
      scheduler: AlertScheduler;
      clock: Clock;
      log: DispatchLog;
    },
    private readonly options: { recentClaimsWindowDays?: number; random?: () => number } = {},
  ) {}

  async execute(target: AlertTarget): Promise<ScheduleOutcome> {
    const { members, claims, scheduler, clock, log } = this.ports;
    const outcome: ScheduleOutcome = { scheduled: 0, doNotDisturb: 0, unknownMember: 0 };
    const excluded = new Set(target.excludeMemberIds ?? []);
    // Shuffled: alerts due at the same time leave one by one (paced per sender number), and whoever is texted first
    // can claim first, so no member may always be first (TOOLCHAIN.md, SMS facts).
    const covering = shuffled(
      target.coverage.filter((member) => !excluded.has(member.memberId)),
      this.options.random ?? Math.random,
    );
    if (covering.length === 0) return outcome;

    const now = clock.now();
    const memberIds = covering.map((member) => member.memberId);
    const [recent, settings] = await Promise.all([claims.countClaimsSince(memberIds, recentClaimsSince(now, this.options.recentClaimsWindowDays)), members.of(memberIds)]);
    for (const [index, member] of covering.entries()) {
      // Scheduling a thousand members is one long run of promises that settle at once (an in-process scheduler, a
      // memory store): requests that arrived meanwhile are answered between turns instead of after the whole wave.
      if (index > 0 && index % MEMBERS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const recentClaims = recent.get(member.memberId) ?? 0;
      const memberSettings = settings.get(member.memberId);
      if (!memberSettings) {
        // Left since the report was submitted.
        outcome.unknownMember += 1;
        continue;
      }
      const next = nextAlertTime(memberSettings, earliestAlertAt(now, recentClaims));
      if (next.never) {
        outcome.doNotDisturb += 1;
        continue;
      }
      const job = alertJob({
        reportId: target.reportId,
        memberId: member.memberId,
        companyId: member.companyId,
        companyName: member.companyName,
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

/** Fisher–Yates with the given source of randomness in [0, 1). */
function shuffled<T>(items: T[], random: () => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
