import { AssociationError } from './association-error.js';
import { checkId } from './membership.js';

/** Money is integer cents everywhere. The spec's price of a text alert: the default of ALERT_PRICE_SMS_CENTS. */
export const ALERT_PRICE_CENTS = 7;
/** The most a configured alert price may be, per channel. */
export const MAX_ALERT_PRICE_CENTS = 1000;
/** A top-up must be greater than $10.00. */
export const MIN_TOP_UP_CENTS = 1001;
/** Keeps every amount and balance well inside the RPC's 32-bit integers. */
export const MAX_TOP_UP_CENTS = 100_000_000;
export const MAX_NOTE_LENGTH = 500;

export type LedgerEntryKind = 'top-up' | 'alert-charge' | 'alert-refund' | 'adjustment';

/** How an alert reached the member: a text message, a Web Push notification or an email. Each has its own price. */
export type AlertChannel = 'sms' | 'push' | 'email';
export const ALERT_CHANNELS: readonly AlertChannel[] = ['sms', 'push', 'email'];

/** What an alert costs an association on each channel, in whole cents; 0 makes the channel free. */
export type AlertPrices = Readonly<Record<AlertChannel, number>>;
/** The spec prices text alerts; notifications and emails are free unless configured otherwise. */
export const DEFAULT_ALERT_PRICES: AlertPrices = { sms: ALERT_PRICE_CENTS, push: 0, email: 0 };

export function checkAlertPrices(prices: AlertPrices): AlertPrices {
  for (const channel of ALERT_CHANNELS) {
    const cents = prices[channel];
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_ALERT_PRICE_CENTS) {
      throw new RangeError(`the ${channel} alert price must be whole cents from 0 to ${MAX_ALERT_PRICE_CENTS}, not ${cents}`);
    }
  }
  return prices;
}

/** One line of the append-only ledger; the balance is the sum of an association's entries. */
export type LedgerEntry = {
  entryId: string;
  companyId: string;
  kind: LedgerEntryKind;
  /** Positive adds funds, negative takes them. */
  amountCents: number;
  /** Unique across the ledger: the same key twice records once. */
  idempotencyKey: string;
  createdAt: Date;
  reportId?: string;
  memberId?: string;
  note?: string;
  /**
   * Alert charges and refunds: the channel the alert went by. Entries recorded before alerts had channels have none
   * and were all text messages; read it with `alertChannelOf`.
   */
  channel?: AlertChannel;
};

/** The channel of an alert charge or refund (SMS when it names none); undefined for the other kinds. */
export function alertChannelOf(entry: Pick<LedgerEntry, 'kind' | 'channel'>): AlertChannel | undefined {
  if (entry.kind !== 'alert-charge' && entry.kind !== 'alert-refund') return undefined;
  return entry.channel ?? 'sms';
}

export function balanceOf(entries: readonly Pick<LedgerEntry, 'amountCents'>[]): number {
  return entries.reduce((sum, entry) => sum + entry.amountCents, 0);
}

/** Below the threshold the admins are told once; a top-up back to or above it arms the notice again. */
export function isLowBalance(balanceCents: number, thresholdCents: number): boolean {
  return balanceCents < thresholdCents;
}

export function checkTopUpAmount(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents)) {
    throw new AssociationError('BILLING.INVALID', 'Top-up amount must be a whole number of cents', ['Top-up amount must be a whole number of cents']);
  }
  if (amountCents < MIN_TOP_UP_CENTS) {
    const problem = 'Top-up must be greater than $10.00';
    throw new AssociationError('BILLING.TOP_UP_TOO_SMALL', problem, [problem]);
  }
  if (amountCents > MAX_TOP_UP_CENTS) {
    const problem = `Top-up must be at most ${formatCents(MAX_TOP_UP_CENTS)}`;
    throw new AssociationError('BILLING.INVALID', problem, [problem]);
  }
  return amountCents;
}

function checkNote(note: string): string | undefined {
  const trimmed = note.trim();
  if (trimmed.length > MAX_NOTE_LENGTH) {
    const problem = `Note must be at most ${MAX_NOTE_LENGTH} characters`;
    throw new AssociationError('BILLING.INVALID', problem, [problem]);
  }
  return trimmed || undefined;
}

export function topUpEntry(fields: { entryId: string; companyId: string; amountCents: number; topUpId: string; note: string; createdAt: Date }): LedgerEntry {
  const note = checkNote(fields.note);
  return {
    entryId: fields.entryId,
    companyId: fields.companyId,
    kind: 'top-up',
    amountCents: checkTopUpAmount(fields.amountCents),
    idempotencyKey: `top-up:${checkId(fields.topUpId, 'Top-up id', 'BILLING.INVALID')}`,
    createdAt: fields.createdAt,
    ...(note ? { note } : {}),
  };
}

/** An operator's correction: a non-zero amount of either sign, with a note saying why. */
export function adjustmentEntry(fields: { entryId: string; companyId: string; amountCents: number; adjustmentId: string; note: string; createdAt: Date }): LedgerEntry {
  const problems: string[] = [];
  if (!Number.isSafeInteger(fields.amountCents) || fields.amountCents === 0) problems.push('Adjustment must be a non-zero whole number of cents');
  else if (Math.abs(fields.amountCents) > MAX_TOP_UP_CENTS) problems.push(`Adjustment must be at most ${formatCents(MAX_TOP_UP_CENTS)} either way`);
  if (!fields.note.trim()) problems.push('Adjustment needs a note saying why');
  if (problems.length > 0) throw new AssociationError('BILLING.INVALID', problems.join('; '), problems);
  return {
    entryId: fields.entryId,
    companyId: fields.companyId,
    kind: 'adjustment',
    amountCents: fields.amountCents,
    idempotencyKey: `adjustment:${checkId(fields.adjustmentId, 'Adjustment id', 'BILLING.INVALID')}`,
    createdAt: fields.createdAt,
    note: checkNote(fields.note) ?? '',
  };
}

/**
 * Whether an entry already recorded under an idempotency key is the one now asked for again (a replay) rather than
 * a different request reusing the key: same association, kind, amount and note. The note compared is the stored,
 * trimmed one, so blanks around it do not make a retry a different request.
 */
export function isSameRequest(recorded: LedgerEntry, requested: LedgerEntry): boolean {
  return (
    recorded.companyId === requested.companyId &&
    recorded.kind === requested.kind &&
    recorded.amountCents === requested.amountCents &&
    (recorded.note ?? '') === (requested.note ?? '')
  );
}

/*
 * The charges and refunds of one (report, member, channel) alternate in rounds: charge 1, refund 1, charge 2,
 * refund 2, ... Each has its own idempotency key, so the ledger's unique key makes every step happen once however many
 * calls race for it. Text alerts keep the keys they had before channels existed (round 1 even the key charges had
 * before refunds existed), so the entries already stored stay valid. Every other channel has a key family of its own
 * whose name, the text before the first ':', differs from every other family's: ids may contain ':', so a family
 * told apart only after the first ':' (`alert-charge:push:...`) could equal a text alert's key for a report id "push".
 */

function alertKey(kind: 'alert-charge' | 'alert-refund', channel: AlertChannel, reportId: string, memberId: string, round: number): string {
  const family = channel === 'sms' ? kind : `${kind}-${channel}`;
  return round === 1 ? `${family}:${reportId}:${memberId}` : `${family}:${reportId}:${memberId}:${round}`;
}

/** The key of the round-th charge of a (report, member, channel), whichever association pays. */
export function alertChargeKey(reportId: string, memberId: string, round = 1, channel: AlertChannel = 'sms'): string {
  return alertKey('alert-charge', channel, reportId, memberId, round);
}

/** The key of the refund of the round-th charge of a (report, member, channel). */
export function alertRefundKey(reportId: string, memberId: string, round = 1, channel: AlertChannel = 'sms'): string {
  return alertKey('alert-refund', channel, reportId, memberId, round);
}

/**
 * The round-th charge of a (report, member, channel) at `priceCents` (the spec's 7 cents unless given). A free channel
 * has nothing to charge and so no entry. The channel is recorded when given; without one the entry is a text alert's,
 * as every entry was before channels.
 */
export function alertChargeEntry(fields: {
  entryId: string;
  companyId: string;
  reportId: string;
  memberId: string;
  round?: number;
  channel?: AlertChannel;
  priceCents?: number;
  createdAt: Date;
}): LedgerEntry {
  const priceCents = fields.priceCents ?? ALERT_PRICE_CENTS;
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0 || priceCents > MAX_ALERT_PRICE_CENTS) {
    throw new RangeError(`an alert charge must be 1 to ${MAX_ALERT_PRICE_CENTS} whole cents, not ${priceCents}`);
  }
  return {
    entryId: fields.entryId,
    companyId: fields.companyId,
    kind: 'alert-charge',
    amountCents: -priceCents,
    idempotencyKey: alertChargeKey(fields.reportId, fields.memberId, fields.round, fields.channel),
    createdAt: fields.createdAt,
    reportId: fields.reportId,
    memberId: fields.memberId,
    ...(fields.channel ? { channel: fields.channel } : {}),
  };
}

/** The reason an alert charge is given back: required, trimmed, at most as long as a note. */
export function checkRefundReason(reason: string): string {
  const trimmed = reason.trim();
  const problem = !trimmed ? 'Refund needs a reason' : trimmed.length > MAX_NOTE_LENGTH ? `Reason must be at most ${MAX_NOTE_LENGTH} characters` : undefined;
  if (problem) throw new AssociationError('BILLING.INVALID', problem, [problem]);
  return trimmed;
}

/**
 * Gives back `charge` (the round-th charge of its report, member and channel) to the association it was taken from,
 * by the amount it took (whatever the channel costs now), naming the charge's channel.
 */
export function alertRefundEntry(fields: { entryId: string; charge: LedgerEntry; round: number; reason: string; createdAt: Date }): LedgerEntry {
  const { charge } = fields;
  if (charge.kind !== 'alert-charge' || charge.reportId === undefined || charge.memberId === undefined) {
    throw new Error(`ledger entry ${charge.entryId} is not an alert charge`);
  }
  return {
    entryId: fields.entryId,
    companyId: charge.companyId,
    kind: 'alert-refund',
    amountCents: -charge.amountCents,
    idempotencyKey: alertRefundKey(charge.reportId, charge.memberId, fields.round, alertChannelOf(charge)),
    createdAt: fields.createdAt,
    reportId: charge.reportId,
    memberId: charge.memberId,
    note: checkRefundReason(fields.reason),
    ...(charge.channel ? { channel: charge.channel } : {}),
  };
}

/** '$12.34'; negative amounts as '-$0.07'. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}$${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
