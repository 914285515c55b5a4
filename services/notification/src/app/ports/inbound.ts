import type { ClaimDetails } from '../../domain/inbound-sms.js';
import type { HeldAlert } from '../../domain/sent-alert.js';

/**
 * Ports of inbound SMS handling and of the texts and emails that follow a claim or a mark-as-bad. Kept apart from
 * the alert-dispatch ports so each side reads as one piece.
 */

/** The member service, as inbound SMS needs it. */
export interface MemberContacts {
  /** The member who gave this number (+1 and ten digits, or ten digits), or undefined. */
  findMemberIdByPhone(phoneNumber: string): Promise<string | undefined>;
  /** The member's ten-digit phone number, or undefined when unknown or none given. */
  findPhoneNumber(memberId: string): Promise<string | undefined>;
  setDoNotDisturb(memberId: string, doNotDisturb: boolean): Promise<void>;
}

export type ClaimByCodeOutcome =
  | { kind: 'claimed'; reportId: string; claimCode: string }
  | { kind: 'already-yours'; reportId: string; claimCode: string }
  | { kind: 'already-claimed' }
  /** No live report with this code that the member was alerted about. */
  | { kind: 'not-found' };

/** The report service, as claiming by SMS and the location text need it. */
export interface ReportClaims {
  /**
   * `alert`: the alert this service sent the member about the report holding the code, recorded by the report
   * service first when it has not yet heard of it through alert.sent (a reply can overtake the event).
   */
  claimByCode(claimCode: string, memberId: string, alert?: HeldAlert): Promise<ClaimByCodeOutcome>;
  /** Undefined when the member no longer holds the report (un-claimed or marked bad since). */
  getClaimDetails(reportId: string, memberId: string): Promise<ClaimDetails | undefined>;
}

export type InboundSmsRecord = { messageSid: string; from: string; receivedAt: Date };

/** Inbound SMS by provider message id, so a webhook delivered twice is handled once. */
export interface InboundSmsRepository {
  /**
   * Stores the message unless one with its sid is stored, atomically. A repeat answers the reply stored for the
   * first (undefined while the first is still being handled).
   */
  recordIfAbsent(message: InboundSmsRecord): Promise<{ kind: 'recorded' } | { kind: 'duplicate'; reply: string | undefined }>;
  /** Keeps the reply given, and whether the message was a claim code that matched nothing (for the throttle). */
  saveOutcome(messageSid: string, outcome: { reply: string; wrongCode: boolean }): Promise<void>;
  /** Forgets a message whose handling failed before its outcome was saved, so a redelivery handles it again. */
  release(messageSid: string): Promise<void>;
  /** Messages from this number since the instant that were wrong claim codes. */
  countWrongCodesSince(from: string, since: Date): Promise<number>;
  /**
   * Forgets the sender of every message from this number (ten digits, also as +1 and ten digits), keeping each message's
   * id and reply so a redelivered webhook is still answered once.
   */
  eraseSender(phoneNumber: string): Promise<void>;
}

export interface Mailer {
  /** `messageId`: a message sent again under the same Message-ID is one message to mail systems. */
  send(message: { to: string; subject: string; text: string; messageId?: string }): Promise<void>;
}
