import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { HandleInboundSms } from './app/handle-inbound-sms.js';
import type { InboundSmsRepository, Mailer, MemberContacts, ReportClaims } from './app/ports/inbound.js';
import { NotifyAdminOfBadReport } from './app/notify-admin-of-bad-report.js';
import type { Clock } from './app/ports/clock-and-log.js';
import type { SmsSender } from './app/ports/sms.js';
import type { ReportLifecycle } from './app/ports/other-services.js';
import type { DispatchRepository, SentAlertRepository, SentTextRepository, SmsOptOutRepository } from './app/ports/stores.js';
import type { DevOutboxSmsSender } from './adapters/dev-outbox/dev-outbox-sms-sender.js';
import { subscribeToClaimFollowUps } from './adapters/events/inbound-subscribers.js';
import { inboundSmsHandlers } from './adapters/rpc/inbound-sms-routes.js';

/** What inbound SMS, the claimer's location text and the bad-report email need from the composition root. */
export type InboundSmsPorts = {
  messages: InboundSmsRepository;
  members: MemberContacts;
  reports: ReportClaims;
  /** The same sender alerts go through. */
  sms: SmsSender;
  mailer: Mailer;
  /** Who is emailed when a report is marked bad; unset: nobody (logged). */
  adminEmail: string | undefined;
  /** GONE from a reporter and the claimer's answer to the outcome prompt go to the report service. */
  lifecycle: ReportLifecycle;
  /** The outcome prompts sent (a lone digit answers the latest), and the numbers that replied STOP. */
  sentTexts: Pick<SentTextRepository, 'latestOutcomePrompt'>;
  optOuts: SmsOptOutRepository;
  /** Set when `sms` is the dev outbox, so the gateway can list its messages. */
  devOutbox: DevOutboxSmsSender | undefined;
};

/** Inbound SMS and claim follow-ups, wired for buildNotificationService. */
export function buildInboundSms(
  ports: InboundSmsPorts & {
    clock: Clock;
    bus: EventBus;
    logger: Logger;
    dispatches: DispatchRepository;
    sentAlerts: SentAlertRepository | undefined;
    /** Alert dispatch sends every text, the location included; without it no location text goes. */
    queueClaimLocation: ((claim: { reportId: string; memberId: string; claimedAt: Date }) => Promise<void>) | undefined;
  },
) {
  const sentAlerts = ports.sentAlerts ?? noSentAlerts;
  const handleInboundSms = new HandleInboundSms({
    messages: ports.messages,
    members: ports.members,
    reports: ports.reports,
    clock: ports.clock,
    dispatches: ports.dispatches,
    sentAlerts,
    lifecycle: ports.lifecycle,
    texts: ports.sentTexts,
    optOuts: ports.optOuts,
  });
  const notifyAdminOfBadReport = new NotifyAdminOfBadReport({ mailer: ports.mailer, adminEmail: ports.adminEmail });
  return {
    handlers: inboundSmsHandlers({ handleInboundSms, devOutbox: ports.devOutbox }),
    subscribe: (): Promise<Subscription[]> => subscribeToClaimFollowUps(ports.bus, { queueClaimLocation: ports.queueClaimLocation, notifyAdminOfBadReport }, ports.logger),
  };
}

/** Without alert dispatch this service sends no alerts, so it holds none to attach to a claim. */
const noSentAlerts: Pick<SentAlertRepository, 'findForMember'> = { findForMember: async () => [] };
