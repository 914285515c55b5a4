import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { FollowMemberChanges } from './app/follow-member-changes.js';
import { ForgetDeletedMember } from './app/forget-deleted-member.js';
import { FollowReportClaims } from './app/follow-report-claims.js';
import { MemberSettings } from './app/member-settings.js';
import type { AlertScheduler } from './app/ports/alert-jobs.js';
import type { Clock } from './app/ports/clock-and-log.js';
import type { AlertBilling, MemberDirectory, ReportLifecycle } from './app/ports/other-services.js';
import type { SmsSender } from './app/ports/sms.js';
import type {
  ClaimRecordRepository,
  DispatchRepository,
  MemberSettingsRepository,
  SentAlertRepository,
  ReporterTextEvents,
  SentTextRepository,
  SmsOptOutRepository,
} from './app/ports/stores.js';
import { ReportTimers, type ReportTimerSettings } from './app/report-timers.js';
import { RunAlertJob, type AlertChannelPorts } from './app/run-alert-job.js';
import { SendAlertMessage } from './app/send-alert-message.js';
import { SendTestAlert } from './app/send-test-alert.js';
import type { ClaimTokenUseRepository } from './app/ports/claim-tokens.js';
import type { DevOutboxPushSender } from './adapters/dev-outbox/dev-outbox-push-sender.js';
import { RunDispatchJob } from './app/run-dispatch-job.js';
import { ScheduleAlerts } from './app/schedule-alerts.js';
import { QueueText, SendFollowUpText } from './app/send-follow-up-text.js';
import { SendClaimLocation } from './app/send-claim-location.js';
import type { ReportClaims } from './app/ports/inbound.js';
import { locationJob } from './domain/alert-schedule.js';
import { SendOutcomePrompt } from './app/send-outcome-prompt.js';
import { subscribeToMemberChanges } from './adapters/events/member-changed-subscriber.js';
import { subscribeToMemberDeletions } from './adapters/events/member-deleted-subscriber.js';
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
  /** The channels beside SMS (notifications, email) and what their messages link to. */
  alertChannels: Omit<AlertChannelPorts, 'sms'>;
  /** The first use of each claim token (a token serves once). */
  claimTokenUses: ClaimTokenUseRepository;
  /** Set when notifications go to the dev outbox, so the gateway can list them. */
  devPush?: DevOutboxPushSender | undefined;
  /** Sent alerts and their AlertSent events, written to the outbox the composition root runs a relay for. */
  sentAlerts: SentAlertRepository;
  /** Texts other than alerts (to the reporter, the outcome prompt), once each, and the numbers that replied STOP. */
  sentTexts: SentTextRepository;
  optOuts: SmsOptOutRepository;
  /** Where a text to the reporter is announced (the outbox). */
  reporterTexts: ReporterTextEvents;
  /** The report service: the claim the outcome prompt asks about. */
  reports: ReportLifecycle;
  /** Claims within this many days delay a member's alerts; 7 when not given. */
  recentClaimsWindowDays?: number;
  /** ESCALATE_AFTER_MINUTES and CLAIM_OUTCOME_PROMPT_HOURS; their defaults when not given. */
  timers?: ReportTimerSettings;
  /** SEND_LEASE_MS; DeliverOnce's default when not given. */
  sendLeaseMs?: number;
};

/** Alert dispatch, wired for buildNotificationService. */
export function buildDispatch(
  ports: DispatchPorts & {
    dispatches: DispatchRepository;
    clock: Clock;
    bus: EventBus;
    logger: Logger;
    /** Where the claimer's location is read from, when this service handles claims' follow-ups (inbound SMS). */
    claimLocation: { reports: ReportClaims } | undefined;
  },
) {
  const log = ports.logger;
  const members = new MemberSettings({ settings: ports.memberSettings, members: ports.members });
  const scheduleAlerts = new ScheduleAlerts(
    { members, claims: ports.claims, scheduler: ports.scheduler, clock: ports.clock, log },
    ports.recentClaimsWindowDays === undefined ? {} : { recentClaimsWindowDays: ports.recentClaimsWindowDays },
  );
  const runAlertJob = new RunAlertJob({
    ...ports.alertChannels,
    members,
    memberDirectory: ports.members,
    billing: ports.billing,
    dispatches: ports.dispatches,
    sms: ports.sms,
    sentAlerts: ports.sentAlerts,
    sentTexts: ports.sentTexts,
    clock: ports.clock,
    sendLeaseMs: ports.sendLeaseMs,
    log,
  });
  const timers = new ReportTimers({ scheduler: ports.scheduler, log }, ports.timers);
  const sendText = new SendFollowUpText({
    texts: ports.sentTexts,
    optOuts: ports.optOuts,
    sms: ports.sms,
    reporterTexts: ports.reporterTexts,
    clock: ports.clock,
    sendLeaseMs: ports.sendLeaseMs,
    log,
  });
  const texts = new QueueText({ scheduler: ports.scheduler, clock: ports.clock });
  const sendOutcomePrompt = new SendOutcomePrompt({ reports: ports.reports, dispatches: ports.dispatches, members, texts: sendText, clock: ports.clock, log });
  const sendClaimLocation =
    ports.claimLocation &&
    new SendClaimLocation({
      reports: ports.claimLocation.reports,
      dispatches: ports.dispatches,
      members,
      texts: sendText,
      sentTexts: ports.sentTexts,
      push: ports.alertChannels.push,
      mailer: ports.alertChannels.mailer,
      clock: ports.clock,
      sendLeaseMs: ports.sendLeaseMs,
      log,
    });
  const runDispatchJob = new RunDispatchJob({ runAlertJob, sendOutcomePrompt, sendText, sendClaimLocation, log });
  const followReportClaims = new FollowReportClaims({
    claims: ports.claims,
    dispatches: ports.dispatches,
    scheduler: ports.scheduler,
    scheduleAlerts,
    timers,
    texts,
    members,
    log,
  });
  const followMemberChanges = new FollowMemberChanges({ members, log });
  const forgetDeletedMember = new ForgetDeletedMember({ settings: ports.memberSettings, sentTexts: ports.sentTexts, log });
  return {
    scheduleAlerts,
    timers,
    runAlertJob,
    sendTestAlert: new SendTestAlert({
      members,
      messages: new SendAlertMessage({ ...ports.alertChannels, sms: ports.sms, memberDirectory: ports.members, log }),
      claimTokens: ports.alertChannels.claimTokens,
      clock: ports.clock,
      log,
    }),
    /** The claimer's location, sent on their channels by a job of its own after a claim. */
    queueClaimLocation: async (claim: { reportId: string; memberId: string; claimedAt: Date }) => {
      await ports.scheduler.schedule(locationJob(claim), ports.clock.now());
    },
    /** Starts running alert jobs and follows claims and members; the returned subscriptions also stop the scheduler. */
    start: async (): Promise<Subscription[]> => {
      await ports.scheduler.start((job, attempt) => runDispatchJob.execute(job, attempt));
      const subscriptions = await subscribeToReportClaims(ports.bus, followReportClaims, ports.clock, ports.logger);
      const memberChanges = await subscribeToMemberChanges(ports.bus, followMemberChanges);
      const memberDeletions = await subscribeToMemberDeletions(ports.bus, forgetDeletedMember);
      return [...subscriptions, memberChanges, memberDeletions, { stop: () => ports.scheduler.close() }];
    },
  };
}
