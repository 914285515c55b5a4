import type { AlertDispatch, ReportState } from '../domain/alert-dispatch.js';
import type { MemberAlertSettings } from '../domain/member-settings.js';
import type { AlertJob } from '../domain/alert-schedule.js';
import type { AlertSent, SentAlert } from '../domain/sent-alert.js';

export interface DispatchRepository {
  /** Stores the dispatch unless one exists for the report; answers whether this call stored it. */
  recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'>;
  findByReportId(reportId: string): Promise<AlertDispatch | undefined>;
  /** Notes that every alert job of the report is scheduled, so a redelivered ReportSubmitted schedules nothing. */
  markScheduled(reportId: string, scheduledAt: Date): Promise<void>;
  /**
   * Sets the report's state as a claim event told it, in one conditional change that applies only when
   * `stateChangeApplies` (not bad, and `at` newer than the state kept); 'unknown' when no dispatch has this report.
   */
  changeReportState(reportId: string, change: { state: ReportState; at: Date }): Promise<'changed' | 'unchanged' | 'unknown'>;
  /** The reports not marked bad that hold this claim code (one, unless a state change has not arrived yet). */
  findLiveByClaimCode(claimCode: string): Promise<AlertDispatch[]>;
}

export interface Clock {
  now(): Date;
}

/** An outgoing SMS. `to` is the 10-digit national number; the key lets a provider adapter drop repeats. */
export interface SmsMessage {
  to: string;
  body: string;
  idempotencyKey: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ providerId: string }>;
}

/** The member service, as dispatch needs it: the current alert settings of members, many at once. */
export interface MemberDirectory {
  /** Unknown members are left out. */
  listAlertSettings(memberIds: string[]): Promise<MemberAlertSettings[]>;
}

/** The copy of members' alert settings this service keeps, fed by member.changed and filled on a miss. */
export interface MemberSettingsRepository {
  /** The copies kept of these members; members without one are left out. */
  findMany(memberIds: string[]): Promise<MemberAlertSettings[]>;
  /** Keeps each unless a copy of the same or a newer version is kept (see `isNewer`); concurrent saves keep the newest. */
  saveIfNewer(settings: MemberAlertSettings[]): Promise<void>;
}

export interface AlertBilling {
  /** Charges the alert once per (report, member); a repeat answers the first charge and charges nothing. */
  chargeAlert(charge: { reportId: string; memberId: string; companyId: string }): Promise<'charged' | 'insufficient-funds' | 'not-paying'>;
}

/** Claims as notification saw them through `report.claimed` / `report.unclaimed`, to delay alerts of busy members. */
export interface ClaimRecordRepository {
  /** Idempotent per (report, member): a redelivered event changes nothing. */
  recordClaim(claim: { reportId: string; memberId: string; claimedAt: Date }): Promise<void>;
  /** An un-claimed swarm does not count as a claim; a claim made after `unclaimedAt` (claimed again) is kept. */
  removeClaim(claim: { reportId: string; memberId: string; unclaimedAt: Date }): Promise<void>;
  /**
   * Claims made at or after `since`, per member of `memberIds`, in one query (alerting a report asks for every
   * covering member at once); a member with none is absent from the map.
   */
  countClaimsSince(memberIds: string[], since: Date): Promise<Map<string, number>>;
}

/** What running an alert job decided; a thrown error means "retry later with backoff". */
export type AlertJobOutcome = { kind: 'done' } | { kind: 'reschedule'; runAt: Date };

export type AlertJobHandler = (job: AlertJob) => Promise<AlertJobOutcome>;

/** Delayed alert jobs (BullMQ in the distributed mode, timers in the embedded one). */
export interface AlertScheduler {
  /** Schedules the job to run at `runAt`; a pending job with the same id is replaced, so scheduling is idempotent. */
  schedule(job: AlertJob, runAt: Date): Promise<void>;
  /** Drops every pending job of the report; answers how many were dropped. */
  cancelForReport(reportId: string): Promise<number>;
  /** Jobs not yet run, soonest first. */
  pending(): Promise<{ job: AlertJob; runAt: Date }[]>;
  /** Starts running due jobs with the handler. */
  start(handler: AlertJobHandler): Promise<void>;
  close(): Promise<void>;
}

/** Where a use case tells what it decided and why (a pino logger fits). */
export interface DispatchLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Alert SMS by send key, and the outbox their AlertSent events go through. The event is written with the record that
 * the SMS was sent, in one write, so it is published (by the outbox relay) once and only once the send is recorded.
 */
export interface SentAlertRepository {
  /**
   * Notes, just before the SMS is handed to the provider, that it is being sent, unless a run of the same alert job
   * did before: answers 'new' when this call noted it, otherwise what the earlier run left — 'sending' (it stopped
   * between noting and recording the send) or 'sent'. Of concurrent calls for one key exactly one answers 'new'.
   */
  beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId'>): Promise<'new' | 'sending' | 'sent'>;
  /** Forgets a noted send the provider refused, so that the job's retry sends it; a sent alert is kept. */
  abandonSending(sendKey: string): Promise<void>;
  /**
   * Records the alert as sent and appends its event to the outbox, in one write (the record is created when no
   * send was noted). Once per send key and event id: a repeat changes nothing and appends nothing.
   */
  recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'>;
  find(sendKey: string): Promise<SentAlert | undefined>;
  /** Every alert of this report to this member, being sent or sent (one per alerting round). */
  findForMember(reportId: string, memberId: string): Promise<SentAlert[]>;
}
