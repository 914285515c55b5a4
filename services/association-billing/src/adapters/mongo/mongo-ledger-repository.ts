import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { LedgerRepository, RecordOutcome } from '../../app/ports.js';
import type { AlertChannel, LedgerEntry, LedgerEntryKind } from '../../domain/ledger.js';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';

type LedgerEntryDocument = {
  _id: string;
  companyId: string;
  kind: LedgerEntryKind;
  amountCents: number;
  /** Unique index: a retried or duplicated entry is refused by the database, not by a read before the write. */
  idempotencyKey: string;
  createdAt: Date;
  reportId?: string;
  memberId?: string;
  note?: string;
  /** Absent on alert entries stored before alerts had channels (all text messages). */
  channel?: AlertChannel;
  /** Set while the entry is not yet known to be in the balance; absent once it is (and on entries stored before). */
  pending?: true;
  /** The application that put the entry's amount in the balance (absent on entries stored before). */
  appliedBy?: string;
};

/** One attempt at putting an entry's amount in the balance, kept on the balance until its entry is settled. */
type Application = { entryId: string; token: string; amountCents: number; at: Date };

/** The applications under way on a balance, by entry id (a map rather than a list: the servers do not all have $push). */
type Applying = Record<string, Omit<Application, 'entryId'>>;

/** The running balance of one association, changed only by conditional single-document updates. */
type BalanceDocument = { _id: string; balanceCents: number; lowBalanceNoticeSent?: boolean; applying?: Applying };

/** The steps of recording an entry, after each of which a process may die (tests stop it there). */
export type LedgerStep = 'inserted' | 'applied' | 'marked';

type Settled = 'applied' | 'refused';

/** An application left on a balance this long is taken to be its settler's last act: a read settles it. */
const STALE_APPLICATION_MS = 30_000;

/**
 * Ledger entries (the truth) and a running balance per association, kept equal without multi-document transactions
 * (which the servers the adapter runs against do not all offer), whatever step a process dies at:
 *
 * 1. the entry is inserted, pending (the unique idempotency key makes a twin a replay);
 * 2. its amount is applied to the balance with one conditional update that also lists the application (entry id and
 *    a random token) on the balance; a debit's update requires the funds, so concurrent debits never go below zero;
 * 3. the entry is marked with the token of the application that counts: the first to mark wins;
 * 4. the application is taken off the balance's list.
 *
 * An application whose entry was marked with another token, or removed, is a twin and is taken back. A pending entry
 * is settled (its steps finished) by whoever meets it next: a retry of its key, a lookup, a listing, or a balance read
 * that finds its application left over. So no retry charges twice and no death charges without an entry.
 */
export class MongoLedgerRepository implements LedgerRepository {
  private readonly entries: Collection<LedgerEntryDocument>;
  private readonly balances: Collection<BalanceDocument>;

  constructor(
    db: Db,
    private readonly afterStep: (step: LedgerStep) => void | Promise<void> = () => undefined,
  ) {
    this.entries = db.collection<LedgerEntryDocument>('ledger_entries');
    this.balances = db.collection<BalanceDocument>('balances');
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndex({ idempotencyKey: 1 }, { unique: true });
    await this.entries.createIndex({ companyId: 1, createdAt: 1 });
  }

  async record(entry: LedgerEntry): Promise<RecordOutcome> {
    // A twin settled as refused leaves the key free again; the loop is bounded since each turn follows one.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const earlier = await this.entries.findOne({ idempotencyKey: entry.idempotencyKey });
      if (earlier) {
        if (!earlier.pending || (await this.settle(earlier)) === 'applied') return this.duplicateOf(fromDocument(earlier));
        continue;
      }
      const document: LedgerEntryDocument = { ...toDocument(entry), pending: true };
      if (!(await this.insert(document))) continue;
      await this.afterStep('inserted');
      if ((await this.settle(document)) === 'applied') return { status: 'recorded', entry, balanceCents: await this.balanceOf(entry.companyId) };
      return { status: 'insufficient-funds', balanceCents: await this.balanceOf(entry.companyId) };
    }
    throw new Error('a ledger entry could not be recorded: its idempotency key kept being taken and released');
  }

  async findByIdempotencyKey(key: string): Promise<LedgerEntry | undefined> {
    const document = await this.entries.findOne({ idempotencyKey: key });
    if (!document || (document.pending && (await this.settle(document)) !== 'applied')) return undefined;
    return fromDocument(document);
  }

  async balanceOf(companyId: string): Promise<number> {
    return (await this.balancesOf([companyId])).get(companyId) ?? 0;
  }

  async balancesOf(companyIds: readonly string[]): Promise<Map<string, number>> {
    const balances = new Map(companyIds.map((companyId) => [companyId, 0]));
    if (companyIds.length === 0) return balances;
    const ids = [...new Set(companyIds)];
    let documents = await this.balances.find({ _id: { $in: ids } }).toArray();
    if (await this.settleStaleApplications(documents)) documents = await this.balances.find({ _id: { $in: ids } }).toArray();
    for (const document of documents) balances.set(document._id, document.balanceCents);
    return balances;
  }

  async entriesOf(companyId: string): Promise<LedgerEntry[]> {
    const listed: LedgerEntry[] = [];
    for (const document of await this.entries.find({ companyId }).sort({ createdAt: 1, _id: 1 }).toArray()) {
      if (document.pending && (await this.settle(document)) !== 'applied') continue;
      listed.push(fromDocument(document));
    }
    return listed;
  }

  async claimLowBalanceNotice(companyId: string): Promise<boolean> {
    const result = await this.balances.updateOne({ _id: companyId, lowBalanceNoticeSent: { $ne: true } }, { $set: { lowBalanceNoticeSent: true } });
    return result.modifiedCount === 1;
  }

  async releaseLowBalanceNotice(companyId: string): Promise<void> {
    await this.balances.updateOne({ _id: companyId }, { $set: { lowBalanceNoticeSent: false } });
  }

  /** Finishes the steps of a pending entry: its amount ends in the balance once ('applied'), or the entry is removed. */
  private async settle(entry: LedgerEntryDocument): Promise<Settled> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const application: Application = { entryId: entry._id, token: randomUUID(), amountCents: entry.amountCents, at: new Date() };
      if (await this.apply(entry, application)) {
        await this.afterStep('applied');
        return this.resolve(entry.companyId, application);
      }
      // Not applied now: another application of it is under way (or was left by a dead process), or a debit the
      // balance cannot pay, or an entry already settled.
      const balance = await this.balances.findOne({ _id: entry.companyId }, { projection: { applying: 1 } });
      const underWay = balance?.applying?.[entry._id];
      if (underWay) return this.resolve(entry.companyId, { entryId: entry._id, ...underWay });
      const current = await this.entries.findOne({ _id: entry._id });
      if (!current) return 'refused';
      if (!current.pending) return 'applied';
      if (entry.amountCents < 0) {
        // Refused for funds. An application racing this removal finds its entry gone and takes itself back.
        if ((await this.entries.deleteOne({ _id: entry._id, pending: true })).deletedCount === 1) return 'refused';
        // Someone else removed it (refused too) or marked it meanwhile.
        const settled = await this.entries.findOne({ _id: entry._id });
        return settled && !settled.pending ? 'applied' : 'refused';
      }
      // A credit lost the race to create the association's balance: apply it again.
    }
    throw new Error('a pending ledger entry could not be settled');
  }

  /** One application of the entry's amount, listed on the balance; false when the conditions refused it. */
  private async apply(entry: LedgerEntryDocument, application: Application): Promise<boolean> {
    const { entryId, ...underWay } = application;
    const notUnderWay = { _id: entry.companyId, [applyingPath(entryId)]: { $exists: false } };
    const update = { $inc: { balanceCents: entry.amountCents }, $set: { [applyingPath(entryId)]: underWay } };
    if (entry.amountCents < 0) {
      // updateOne rather than findOneAndUpdate: the guard and the $inc are one atomic step on every server the
      // adapter runs against (the MongoDB-compatible test server does not serialise findOneAndUpdate).
      return (await this.balances.updateOne({ ...notUnderWay, balanceCents: { $gte: -entry.amountCents } }, update)).modifiedCount === 1;
    }
    try {
      const result = await this.balances.updateOne(notUnderWay, update, { upsert: true });
      return result.modifiedCount === 1 || result.upsertedCount === 1;
    } catch (error) {
      // The balance exists with this entry under way (the upsert then tries to insert it), or a twin created it first.
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  /**
   * Decides an application on the balance: the entry's first mark names the one that counts; it comes off the list,
   * and any other is taken back (with its amount).
   */
  private async resolve(companyId: string, application: Application): Promise<Settled> {
    await this.entries.updateOne({ _id: application.entryId, pending: true }, { $unset: { pending: '' }, $set: { appliedBy: application.token } });
    await this.afterStep('marked');
    const entry = await this.entries.findOne({ _id: application.entryId });
    const path = applyingPath(application.entryId);
    // Conditional on this very application being listed, so that two settlers finish or take it back once.
    const listed = { _id: companyId, [`${path}.token`]: application.token };
    if (entry && !entry.pending && entry.appliedBy === application.token) {
      await this.balances.updateOne(listed, { $unset: { [path]: '' } });
      return 'applied';
    }
    await this.balances.updateOne(listed, { $inc: { balanceCents: -application.amountCents }, $unset: { [path]: '' } });
    return entry && !entry.pending ? 'applied' : 'refused';
  }

  /** Settles the applications a dead process left on these balances; true when there were any. */
  private async settleStaleApplications(balances: readonly BalanceDocument[]): Promise<boolean> {
    const staleBefore = Date.now() - STALE_APPLICATION_MS;
    const stale = balances.flatMap((balance) =>
      Object.entries(balance.applying ?? {})
        .filter(([, underWay]) => underWay.at.getTime() < staleBefore)
        .map(([entryId, underWay]) => ({ companyId: balance._id, application: { entryId, ...underWay } })),
    );
    for (const { companyId, application } of stale) await this.resolve(companyId, application);
    return stale.length > 0;
  }

  /** False when an entry with the same idempotency key is already stored. */
  private async insert(document: LedgerEntryDocument): Promise<boolean> {
    try {
      await this.entries.insertOne(document);
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  private async duplicateOf(entry: LedgerEntry): Promise<RecordOutcome> {
    return { status: 'duplicate', entry, balanceCents: await this.balanceOf(entry.companyId) };
  }
}

/** Entry ids are generated ids: never a '.' or '$' that would make the path mean something else. */
function applyingPath(entryId: string): string {
  if (/[.$]/.test(entryId)) throw new Error(`a ledger entry id cannot hold '.' or '$': ${entryId}`);
  return `applying.${entryId}`;
}

function toDocument(entry: LedgerEntry): LedgerEntryDocument {
  return {
    _id: entry.entryId,
    companyId: entry.companyId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    idempotencyKey: entry.idempotencyKey,
    createdAt: entry.createdAt,
    ...(entry.reportId !== undefined ? { reportId: entry.reportId } : {}),
    ...(entry.memberId !== undefined ? { memberId: entry.memberId } : {}),
    ...(entry.note !== undefined ? { note: entry.note } : {}),
    ...(entry.channel !== undefined ? { channel: entry.channel } : {}),
  };
}

function fromDocument(document: LedgerEntryDocument): LedgerEntry {
  return {
    entryId: document._id,
    companyId: document.companyId,
    kind: document.kind,
    amountCents: document.amountCents,
    idempotencyKey: document.idempotencyKey,
    createdAt: document.createdAt,
    ...(typeof document.reportId === 'string' ? { reportId: document.reportId } : {}),
    ...(typeof document.memberId === 'string' ? { memberId: document.memberId } : {}),
    ...(typeof document.note === 'string' ? { note: document.note } : {}),
    ...(typeof document.channel === 'string' ? { channel: document.channel } : {}),
  };
}
