import type { ActivationCode } from '../domain/activation-code.js';
import type { Association } from '../domain/association.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { Membership } from '../domain/membership.js';

export interface AssociationRepository {
  create(association: Association): Promise<void>;
  findById(companyId: string): Promise<Association | undefined>;
  /** The stored associations among `companyIds`, in no particular order. */
  findByIds(companyIds: readonly string[]): Promise<Association[]>;
  /** False when no association has that id. */
  setAdminContactEmail(companyId: string, email: string): Promise<boolean>;
}

export interface ActivationCodeRepository {
  /** Stores the code unless it is already taken (by any association); returns whether it was stored. */
  createIfAbsent(code: ActivationCode): Promise<boolean>;
  /** `code` is normalised (upper case). */
  find(code: string): Promise<ActivationCode | undefined>;
  listByAssociation(companyId: string): Promise<ActivationCode[]>;
}

export interface MembershipRepository {
  /** Stores the membership unless the member already has one in that association, atomically; returns whether stored. */
  createIfAbsent(membership: Membership): Promise<boolean>;
  find(companyId: string, memberId: string): Promise<Membership | undefined>;
  /** Inactive → active in one conditional update; undefined when there is no inactive membership to reactivate. */
  reactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined>;
  /** Sets the membership inactive (a no-op when it already is); undefined when there is none. */
  deactivate(companyId: string, memberId: string, at: Date): Promise<Membership | undefined>;
  /** undefined when there is no such membership. */
  makeAdmin(companyId: string, memberId: string): Promise<Membership | undefined>;
  /**
   * Takes the admin right away in one conditional update; `wasAdmin` is true for the one caller that changed it.
   * undefined when there is no such membership.
   */
  revokeAdmin(companyId: string, memberId: string): Promise<{ membership: Membership; wasAdmin: boolean } | undefined>;
  /** False when there was no such membership. */
  remove(companyId: string, memberId: string): Promise<boolean>;
  /** Oldest first. */
  listByMember(memberId: string): Promise<Membership[]>;
  /** Oldest first. */
  listByAssociation(companyId: string): Promise<Membership[]>;
  listActiveByMembers(memberIds: readonly string[]): Promise<Membership[]>;
}

/** Wrong activation codes a member entered, so guessing codes can be throttled in every process at once. */
export interface JoinFailureRepository {
  record(memberId: string, at: Date): Promise<void>;
  /** Also forgets the member's failures older than `since`. */
  countSince(memberId: string, since: Date): Promise<number>;
}

export type RecordOutcome =
  | { status: 'recorded'; entry: LedgerEntry; balanceCents: number }
  /** An entry with the same idempotency key was recorded before: it is returned and nothing changed. */
  | { status: 'duplicate'; entry: LedgerEntry; balanceCents: number }
  /** A debit the balance cannot pay: nothing changed. */
  | { status: 'insufficient-funds'; balanceCents: number };

/**
 * The append-only ledger and each association's running balance. The ledger is the truth; the running balance
 * (kept so a debit can be checked and applied atomically) always equals the sum of the association's entries.
 */
export interface LedgerRepository {
  /**
   * Appends the entry once per idempotency key, atomically: concurrent debits never take the balance below zero
   * and concurrent entries with one key record exactly one.
   */
  record(entry: LedgerEntry): Promise<RecordOutcome>;
  findByIdempotencyKey(key: string): Promise<LedgerEntry | undefined>;
  /** 0 for an association without entries. */
  balanceOf(companyId: string): Promise<number>;
  /** Every given association's balance (0 when it has no entries). */
  balancesOf(companyIds: readonly string[]): Promise<Map<string, number>>;
  /** Oldest first. */
  entriesOf(companyId: string): Promise<LedgerEntry[]>;
  /** Marks the low-balance notice as sent; true only for the one caller that changed it from not sent. */
  claimLowBalanceNotice(companyId: string): Promise<boolean>;
  /** Arms the notice again (after a top-up, or when sending it failed). */
  releaseLowBalanceNotice(companyId: string): Promise<void>;
}

export type EmailMessage = { to: string; subject: string; text: string };

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Where a use case reports a failure it recovers from (a pino logger fits). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

export type RandomBelow = (bound: number) => number;
