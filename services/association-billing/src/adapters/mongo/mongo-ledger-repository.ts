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
};

/** The running balance of one association, changed only by conditional single-document updates. */
type BalanceDocument = { _id: string; balanceCents: number; lowBalanceNoticeSent?: boolean };

/**
 * Ledger entries (the truth) and a running balance per association. A debit first takes the money with one
 * conditional update (`balanceCents >= amount`), so concurrent debits can never drive it below zero, then appends
 * its entry; when the unique key shows the entry was already recorded, the money is put back. A credit appends
 * first, then adds. Either order leaves the running balance at or below the ledger's sum if the process dies in
 * between, never above it. No multi-document transaction is needed (nor relied on).
 */
export class MongoLedgerRepository implements LedgerRepository {
  private readonly entries: Collection<LedgerEntryDocument>;
  private readonly balances: Collection<BalanceDocument>;

  constructor(db: Db) {
    this.entries = db.collection<LedgerEntryDocument>('ledger_entries');
    this.balances = db.collection<BalanceDocument>('balances');
  }

  async ensureIndexes(): Promise<void> {
    await this.entries.createIndex({ idempotencyKey: 1 }, { unique: true });
    await this.entries.createIndex({ companyId: 1, createdAt: 1 });
  }

  async record(entry: LedgerEntry): Promise<RecordOutcome> {
    const earlier = await this.findByIdempotencyKey(entry.idempotencyKey);
    if (earlier) return this.duplicateOf(earlier);

    if (entry.amountCents < 0) {
      // updateOne rather than findOneAndUpdate: the guard and the $inc are one atomic step on every server the
      // adapter runs against (the MongoDB-compatible test server does not serialise findOneAndUpdate).
      const taken = await this.balances.updateOne(
        { _id: entry.companyId, balanceCents: { $gte: -entry.amountCents } },
        { $inc: { balanceCents: entry.amountCents } },
      );
      if (taken.modifiedCount !== 1) {
        // A twin of this entry may have landed meanwhile: that is a replay, not a refusal.
        const twin = await this.findByIdempotencyKey(entry.idempotencyKey);
        if (twin) return this.duplicateOf(twin);
        return { status: 'insufficient-funds', balanceCents: await this.balanceOf(entry.companyId) };
      }
      if (!(await this.append(entry))) {
        await this.balances.updateOne({ _id: entry.companyId }, { $inc: { balanceCents: -entry.amountCents } });
        return this.duplicateOf(await this.requireByKey(entry.idempotencyKey));
      }
      return { status: 'recorded', entry, balanceCents: await this.balanceOf(entry.companyId) };
    }

    if (!(await this.append(entry))) return this.duplicateOf(await this.requireByKey(entry.idempotencyKey));
    const added = await this.credit(entry.companyId, entry.amountCents);
    return { status: 'recorded', entry, balanceCents: added ?? (await this.balanceOf(entry.companyId)) };
  }

  async findByIdempotencyKey(key: string): Promise<LedgerEntry | undefined> {
    const document = await this.entries.findOne({ idempotencyKey: key });
    return document ? fromDocument(document) : undefined;
  }

  async balanceOf(companyId: string): Promise<number> {
    return (await this.balances.findOne({ _id: companyId }))?.balanceCents ?? 0;
  }

  async balancesOf(companyIds: readonly string[]): Promise<Map<string, number>> {
    const balances = new Map(companyIds.map((companyId) => [companyId, 0]));
    if (companyIds.length === 0) return balances;
    for (const document of await this.balances.find({ _id: { $in: [...new Set(companyIds)] } }).toArray()) {
      balances.set(document._id, document.balanceCents);
    }
    return balances;
  }

  async entriesOf(companyId: string): Promise<LedgerEntry[]> {
    return (await this.entries.find({ companyId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(fromDocument);
  }

  async claimLowBalanceNotice(companyId: string): Promise<boolean> {
    const result = await this.balances.updateOne({ _id: companyId, lowBalanceNoticeSent: { $ne: true } }, { $set: { lowBalanceNoticeSent: true } });
    return result.modifiedCount === 1;
  }

  async releaseLowBalanceNotice(companyId: string): Promise<void> {
    await this.balances.updateOne({ _id: companyId }, { $set: { lowBalanceNoticeSent: false } });
  }

  /** Two first credits of one association may both try to insert its balance document; the loser retries as an update. */
  private async credit(companyId: string, amountCents: number): Promise<number | undefined> {
    const add = () =>
      this.balances.findOneAndUpdate({ _id: companyId }, { $inc: { balanceCents: amountCents } }, { upsert: true, returnDocument: 'after' });
    try {
      return (await add())?.balanceCents;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return (await add())?.balanceCents;
    }
  }

  /** False when an entry with the same idempotency key is already stored. */
  private async append(entry: LedgerEntry): Promise<boolean> {
    try {
      await this.entries.insertOne(toDocument(entry));
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  private async requireByKey(key: string): Promise<LedgerEntry> {
    const entry = await this.findByIdempotencyKey(key);
    if (!entry) throw new Error('a ledger entry refused as a duplicate could not be read back');
    return entry;
  }

  private async duplicateOf(entry: LedgerEntry): Promise<RecordOutcome> {
    return { status: 'duplicate', entry, balanceCents: await this.balanceOf(entry.companyId) };
  }
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
