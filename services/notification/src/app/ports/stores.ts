import type { LanguageLabel } from '@swarm/proto/labels';
import type { AlertDispatch, DispatchSummary, ReportState } from '../../domain/alert-dispatch.js';
import type { AlertSent, SentAlert } from '../../domain/sent-alert.js';
import type { MemberAlertSettings } from '../../domain/member-settings.js';
import type { TextPurpose } from '../../domain/alert-schedule.js';

// What alert dispatch keeps: each report's dispatch, the copy of members' alert settings, claims and sent alerts.

export interface DispatchRepository {
  /** Stores the dispatch unless one exists for the report; answers whether this call stored it. */
  recordIfAbsent(dispatch: AlertDispatch): Promise<'recorded' | 'already-recorded'>;
  findByReportId(reportId: string): Promise<AlertDispatch | undefined>;
  /** The same without the coverage lists, for work about one member of it (an alert job, a prompt). */
  findSummaryByReportId(reportId: string): Promise<DispatchSummary | undefined>;
  /** Notes that every alert job of the report is scheduled, so a redelivered ReportSubmitted schedules nothing. */
  markScheduled(reportId: string, scheduledAt: Date): Promise<void>;
  /**
   * Sets the report's state as a claim event told it, in one conditional change that applies only when
   * `stateChangeApplies` (not bad, and `at` newer than the state kept); 'unknown' when no dispatch has this report.
   */
  changeReportState(reportId: string, change: { state: ReportState; at: Date }): Promise<'changed' | 'unchanged' | 'unknown'>;
  /** The reports not marked bad that hold this claim code (one, unless a state change has not arrived yet). */
  findLiveByClaimCode(claimCode: string): Promise<AlertDispatch[]>;
  /**
   * Forgets the reporter's number and keeps the place at the town's level only (`townLevel`), after the report service
   * erased the reporter's data. Idempotent; nothing happens for an unknown report.
   */
  eraseReporterData(reportId: string): Promise<void>;
  /**
   * The language of the newest report whose reporter asked for texts from this ten-digit number, so an answer to
   * their STOP, START, GONE or any other text goes in it; undefined when no such report is kept.
   */
  findReporterLanguage(reporterPhone: string): Promise<LanguageLabel | undefined>;
}

/** The copy of members' alert settings this service keeps, fed by member.changed and filled on a miss. */
export interface MemberSettingsRepository {
  /** The copies kept of these members; members without one are left out. */
  findMany(memberIds: string[]): Promise<MemberAlertSettings[]>;
  /** Keeps each unless a copy of the same or a newer version is kept (see `isNewer`); concurrent saves keep the newest. */
  saveIfNewer(settings: MemberAlertSettings[]): Promise<void>;
  /**
   * Forgets the member's copy for good (the member deleted their account): nothing of it is found again, and a save
   * afterwards (an answer asked before the deletion, arriving late) keeps nothing.
   */
  erase(memberId: string): Promise<void>;
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

/**
 * Alert SMS by send key, and the outbox their AlertSent events go through. The event is written with the record that
 * the SMS was sent, in one write, so it is published (by the outbox relay) once and only once the send is recorded.
 */
export interface SentAlertRepository {
  /**
   * Notes, before the alert is charged and handed to the provider, that it is being sent, unless a run of the same
   * alert job did before: answers 'new' when this call noted it, otherwise what the earlier run left — 'sending' (it
   * stopped between noting and recording the send), 'sent' or 'failed'. Of concurrent calls for one key exactly one
   * answers 'new'.
   */
  beginSending(alert: Omit<SentAlert, 'state' | 'sentAt' | 'providerId' | 'failedReason' | 'failedAt'>): Promise<'new' | 'sending' | 'sent' | 'failed'>;
  /** Forgets a noted send that was never charged nor handed to the provider; a sent or failed alert is kept. */
  abandonSending(sendKey: string): Promise<void>;
  /** A noted send that never went out: kept as failed, with why, so no retry sends it; a sent alert is kept. */
  recordFailed(sendKey: string, failure: { reason: string; failedAt: Date }): Promise<void>;
  /**
   * Records the alert as sent and appends its event to the outbox, in one write (the record is created when no
   * send was noted). Once per send key and event id: a repeat changes nothing and appends nothing.
   */
  recordSent(alert: SentAlert & { state: 'sent'; sentAt: Date }, event: AlertSent): Promise<'recorded' | 'already-recorded'>;
  find(sendKey: string): Promise<SentAlert | undefined>;
  /** Every alert of this report to this member, being sent or sent (one per alerting round). */
  findForMember(reportId: string, memberId: string): Promise<SentAlert[]>;
  /** The alerts sent to the member (state 'sent'), newest first by when they were begun, at most `limit` of them. */
  listSentToMember(memberId: string, limit: number): Promise<SentAlert[]>;
}

export type { TextPurpose };

/** One message on one channel (an alert's SMS, notification or email; a follow-up text), keyed so it goes once. */
export type SentText = {
  key: string;
  purpose: TextPurpose;
  /** Ten digits for a text, an email address, or the device id of a notification. */
  to: string;
  reportId: string;
  /** The member texted (the claimer); absent for texts to the reporter. */
  memberId?: string;
  /** 'sending' from just before it goes to the provider; 'failed' when the provider refused it for good. */
  state: 'sending' | 'sent' | 'failed';
  /** When the first run noted it: whatever any run handed over, it was handed over since then. */
  startedAt: Date;
  /** The run that may hand it over now (an id of its own), and when that run last claimed it. */
  owner?: string;
  leaseAt?: Date;
  sentAt?: Date;
  providerId?: string;
  failedReason?: string;
};

export type ClaimOutcome = { outcome: 'claimed' } | { outcome: 'held'; leaseAt: Date } | { outcome: 'sent' | 'failed' | 'missing' };

/** Texts sent to a report's reporter, announced through the outbox (ReporterTextSent) once per text key. */
export interface ReporterTextEvents {
  sent(text: { reportId: string; textKey: string; sentAt: Date }): Promise<void>;
}

/** Every message on every channel, each sent once per key (`sent_texts`). */
export interface SentTextRepository {
  /** Notes the text as being sent unless it was before; of concurrent calls for one key exactly one answers 'new'. */
  beginSending(text: Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason'>): Promise<'new' | 'sending' | 'sent' | 'failed'>;
  find(key: string): Promise<SentText | undefined>;
  /**
   * Takes over a text another run began and has not settled, once that run's lease lapsed (claimed last at or before
   * `staleBefore`): of concurrent calls exactly one answers 'claimed'. 'held' names when the owner claimed it last.
   */
  claimInterrupted(key: string, claim: { owner: string; at: Date; staleBefore: Date }): Promise<ClaimOutcome>;
  /** Renews the owner's lease right before the text is handed over; false when another run has taken it over. */
  renewLease(key: string, owner: string, at: Date): Promise<boolean>;
  /** Ends the owner's lease early (its hand-over failed and is over), so the next run may take the text over at once. */
  releaseLease(key: string, owner: string): Promise<void>;
  /** Applies to a text being sent only: a sent or failed text is kept as it is. */
  markSent(key: string, sent: { sentAt: Date; providerId?: string }): Promise<void>;
  markFailed(key: string, reason: string): Promise<void>;
  /** The member's most recent outcome prompt that did not fail (by the time it was begun), which a lone digit answers. */
  latestOutcomePrompt(memberId: string): Promise<SentText | undefined>;
  /**
   * Forgets where the member's messages went (the member deleted their account): each keeps its purpose, report and
   * times, with an empty `to`. Messages to reporters are not the member's and stay as they are.
   */
  eraseDestinationsOf(memberId: string): Promise<void>;
  /**
   * Forgets where the report's texts to its reporter went (the reporter's data was erased): each keeps its purpose,
   * report and times, with an empty `to`. Texts to members stay as they are.
   */
  eraseReporterDestinations(reportId: string): Promise<void>;
}

/** Numbers that replied STOP: nothing but the confirmation is texted to them until they reply START. */
export interface SmsOptOutRepository {
  /** Keeps the newest of the two by `at`, so a STOP and a START handled out of order end as the later one. */
  optOut(phoneNumber: string, at: Date): Promise<void>;
  optIn(phoneNumber: string, at: Date): Promise<void>;
  isOptedOut(phoneNumber: string): Promise<boolean>;
}
