import { mongoSuite } from '@swarm/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { MongoClient, type Db } from 'mongodb';
import { alertChargeEntry, alertRefundEntry, balanceOf, topUpEntry, type LedgerEntry } from '../../domain/ledger.js';
import { ledgerRepositoryContract } from '../ledger-repository.contract.js';
import { MongoLedgerRepository, type LedgerStep } from './mongo-ledger-repository.js';

const at = new Date('2026-05-01T10:00:00.000Z');
let sequence = 0;

function aTopUp(amountCents: number): LedgerEntry {
  return topUpEntry({ entryId: `entry-${(sequence += 1)}`, companyId: 'company-1', amountCents, topUpId: `top-up-${sequence}`, note: '', createdAt: at });
}

function aCharge(reportId: string, memberId = 'member-1'): LedgerEntry {
  return alertChargeEntry({ entryId: `entry-${(sequence += 1)}`, companyId: 'company-1', reportId, memberId, createdAt: at });
}

class ProcessDied extends Error {}

/** A repository whose process dies right after `step` (once, or with the given odds at every step). */
function dyingAfter(db: Db, step: LedgerStep | 'any', odds = 1): MongoLedgerRepository {
  let died = false;
  return new MongoLedgerRepository(db, (reached) => {
    if (died || (step !== 'any' && reached !== step) || Math.random() >= odds) return;
    died = step !== 'any';
    throw new ProcessDied(`died after ${reached}`);
  });
}

async function expectBalanceEqualToEntries(ledger: MongoLedgerRepository): Promise<LedgerEntry[]> {
  const entries = await ledger.entriesOf('company-1');
  expect(await ledger.balanceOf('company-1')).toBe(balanceOf(entries));
  return entries;
}

mongoSuite('LedgerRepository contract: MongoDB', (newDatabase, target) => {
  ledgerRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const repository = new MongoLedgerRepository(db);
    await repository.ensureIndexes();
    return repository;
  });

  it('records every one of 200 concurrent charges from two processes (two connections) the balance can pay', async () => {
    const { db } = await newDatabase();
    const other = new MongoClient(target.url);
    try {
      const first = new MongoLedgerRepository(db);
      await first.ensureIndexes();
      const second = new MongoLedgerRepository(other.db(db.databaseName));
      await first.record(aTopUp(100_000));
      const charges = Array.from({ length: 200 }, (_, index) => aCharge('report-1', `member-${index}`));
      const outcomes = await Promise.all(charges.map((charge, index) => (index % 2 === 0 ? first : second).record(charge)));
      expect(outcomes.filter((outcome) => outcome.status !== 'recorded')).toEqual([]);
      expect(await first.balanceOf('company-1')).toBe(100_000 - 7 * 200);
      expect(balanceOf(await first.entriesOf('company-1'))).toBe(100_000 - 7 * 200);
    } finally {
      await other.close();
    }
  });

  describe('MongoLedgerRepository: a process dying between the steps of an entry', () => {
    let db: Db;
    let ledger: MongoLedgerRepository;
    beforeEach(async () => {
      ({ db } = await newDatabase());
      ledger = new MongoLedgerRepository(db);
      await ledger.ensureIndexes();
      await ledger.record(aTopUp(1050));
    });

    for (const step of ['inserted', 'applied', 'marked'] as const) {
      it(`charges once when the charge is retried after a death after '${step}'`, async () => {
        const charge = aCharge('report-1');
        await expect(dyingAfter(db, step).record(charge)).rejects.toThrow(ProcessDied);

        const retried = await ledger.record(aCharge('report-1'));
        expect(retried.status === 'recorded' || retried.status === 'duplicate').toBe(true);
        expect(retried.balanceCents).toBe(1043);
        const entries = await expectBalanceEqualToEntries(ledger);
        expect(entries.filter((entry) => entry.idempotencyKey === charge.idempotencyKey)).toHaveLength(1);
        expect(await ledger.balanceOf('company-1')).toBe(1043);
      });

      it(`keeps the balance equal to the listed entries when a charge dead after '${step}' is never retried`, async () => {
        await expect(dyingAfter(db, step).record(aCharge('report-1'))).rejects.toThrow(ProcessDied);
        const entries = await expectBalanceEqualToEntries(ledger);
        // The charge was asked for: the listing finishes it rather than losing it.
        expect(entries.map((entry) => entry.kind)).toEqual(['top-up', 'alert-charge']);
      });

      it(`credits a top-up once when it is retried after a death after '${step}'`, async () => {
        const topUp = aTopUp(1500);
        await expect(dyingAfter(db, step).record(topUp)).rejects.toThrow(ProcessDied);
        await ledger.record({ ...topUp, entryId: 'entry-retried' });
        await expectBalanceEqualToEntries(ledger);
        expect(await ledger.balanceOf('company-1')).toBe(2550);
      });
    }

    it('refunds a charge whose process died after applying it: the lookup of the refund finishes the charge first', async () => {
      const charge = aCharge('report-1');
      await expect(dyingAfter(db, 'applied').record(charge)).rejects.toThrow(ProcessDied);
      const found = await ledger.findByIdempotencyKey(charge.idempotencyKey);
      expect(found?.entryId).toBe(charge.entryId);
      await ledger.record(alertRefundEntry({ entryId: 'entry-refund', charge, round: 1, reason: 'not sent', createdAt: at }));
      await expectBalanceEqualToEntries(ledger);
      expect(await ledger.balanceOf('company-1')).toBe(1050);
    });

    it('removes a charge the balance cannot pay when its process died before applying it, and lists nothing of it', async () => {
      const charge = aCharge('report-1');
      const { db: poorDb } = await newDatabase();
      const poor = new MongoLedgerRepository(poorDb);
      await poor.ensureIndexes();
      await expect(dyingAfter(poorDb, 'inserted').record({ ...charge })).rejects.toThrow(ProcessDied);
      expect(await poor.findByIdempotencyKey(charge.idempotencyKey)).toBeUndefined();
      expect(await poor.entriesOf('company-1')).toEqual([]);
      expect(await poor.record(charge)).toEqual({ status: 'insufficient-funds', balanceCents: 0 });
    });

    it('takes back a twin application a dead process left on the balance, and finishes a stale one that counts', async () => {
      const charge = aCharge('report-1');
      const other = aCharge('report-2');
      await ledger.record(charge);
      await ledger.record(other);
      // As a process leaves it that applied `charge` a second time (after the first settler had finished it) and
      // died before seeing its mark lose, and one that died after marking `other` but before taking it off the list.
      const longAgo = new Date(Date.now() - 60_000);
      await db.collection('ledger_entries').updateOne({ _id: charge.entryId as never }, { $set: { appliedBy: 'first' } });
      await db.collection('ledger_entries').updateOne({ _id: other.entryId as never }, { $set: { appliedBy: 'only' } });
      await db.collection('balances').updateOne(
        { _id: 'company-1' as never },
        {
          $inc: { balanceCents: -7 },
          $set: {
            [`applying.${charge.entryId}`]: { token: 'twin', amountCents: -7, at: longAgo },
            [`applying.${other.entryId}`]: { token: 'only', amountCents: -7, at: longAgo },
          },
        },
      );

      expect(await ledger.balanceOf('company-1')).toBe(1050 - 14);
      await expectBalanceEqualToEntries(ledger);
      expect((await db.collection('balances').findOne({ _id: 'company-1' as never }))?.applying).toEqual({});
    });

    it('keeps the balance equal to the entries, each key once, under concurrent twins and random deaths', async () => {
      const replicas = [dyingAfter(db, 'any', 0.15), dyingAfter(db, 'any', 0.15), new MongoLedgerRepository(db)];
      const charges = Array.from({ length: 60 }, (_, index) => aCharge(`report-${index % 20}`, `member-${index % 3}`));
      const attempts = charges.flatMap((charge) => replicas.map((replica) => () => replica.record({ ...charge, entryId: `${charge.entryId}-${Math.random().toString(36).slice(2)}` })));
      const outcomes = await Promise.allSettled(attempts.sort(() => Math.random() - 0.5).map((attempt) => attempt()));
      expect(outcomes.filter((outcome) => outcome.status === 'rejected' && !(outcome.reason instanceof ProcessDied))).toEqual([]);
      // Every charge is retried once more by a replica that lives, as the notification service does.
      for (const charge of charges) await ledger.record(charge);

      const entries = await expectBalanceEqualToEntries(ledger);
      const keys = entries.map((entry) => entry.idempotencyKey);
      expect(new Set(keys).size).toBe(keys.length);
      expect(entries.filter((entry) => entry.kind === 'alert-charge')).toHaveLength(new Set(charges.map((charge) => charge.idempotencyKey)).size);
      expect(await ledger.balanceOf('company-1')).toBe(1050 - 7 * 60);
    });
  });
});
