import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { FollowMemberChanges } from './app/follow-member-changes.js';
import { FollowReportClaims } from './app/follow-report-claims.js';
import { MemberSettings } from './app/member-settings.js';
import type { AlertScheduler } from './app/ports/alert-jobs.js';
import type { Clock } from './app/ports/clock-and-log.js';
import type { AlertBilling, MemberDirectory } from './app/ports/other-services.js';
import type { SmsSender } from './app/ports/sms.js';
import type { ClaimRecordRepository, DispatchRepository, MemberSettingsRepository, SentAlertRepository } from './app/ports/stores.js';
import { RunAlertJob } from './app/run-alert-job.js';
import { ScheduleAlerts } from './app/schedule-alerts.js';
import { subscribeToMemberChanges } from './adapters/events/member-changed-subscriber.js';
import { subscribeToReportClaims } from './adapters/events/report-claim-subscribers.js';

/** What alert dispatch needs from the composition root. */
export type DispatchPorts = {
  /** The member service, asked only for the settings of members this service has no copy of. */
  members: MemberDirectory;
  /** The copy of members' alert settings, fed by member.changed. */
  memberSettings: MemberSettingsRepository;
  billing: AlertBilling;
  claims: ClaimRecordRepository;
  scheduler: AlertScheduler;
  /** The same sender inbound replies go through. */
  sms: SmsSender;
  /** Sent alerts and their AlertSent events, written to the outbox the composition root runs a relay for. */
  sentAlerts: SentAlertRepository;
  /** Claims within this many days delay a member's alerts; 7 when not given. */
  recentClaimsWindowDays?: number;
};

/** Alert dispatch, wired for buildNotificationService. */
export function buildDispatch(ports: DispatchPorts & { dispatches: DispatchRepository; clock: Clock; bus: EventBus; logger: Logger }) {
  const log = ports.logger;
  const members = new MemberSettings({ settings: ports.memberSettings, members: ports.members });
  const scheduleAlerts = new ScheduleAlerts(
    { members, claims: ports.claims, scheduler: ports.scheduler, clock: ports.clock, log },
    ports.recentClaimsWindowDays === undefined ? {} : { recentClaimsWindowDays: ports.recentClaimsWindowDays },
  );
  const runAlertJob = new RunAlertJob({
    members,
    billing: ports.billing,
    dispatches: ports.dispatches,
    sms: ports.sms,
    sentAlerts: ports.sentAlerts,
    clock: ports.clock,
    log,
  });
  const followReportClaims = new FollowReportClaims({ claims: ports.claims, dispatches: ports.dispatches, scheduler: ports.scheduler, scheduleAlerts, log });
  const followMemberChanges = new FollowMemberChanges({ members, log });
  return {
    scheduleAlerts,
    runAlertJob,
    /** Starts running alert jobs and follows claims and members; the returned subscriptions also stop the scheduler. */
    start: async (): Promise<Subscription[]> => {
      await ports.scheduler.start((job) => runAlertJob.execute(job));
      const subscriptions = await subscribeToReportClaims(ports.bus, followReportClaims, ports.clock, ports.logger);
      const memberChanges = await subscribeToMemberChanges(ports.bus, followMemberChanges);
      return [...subscriptions, memberChanges, { stop: () => ports.scheduler.close() }];
    },
  };
}
