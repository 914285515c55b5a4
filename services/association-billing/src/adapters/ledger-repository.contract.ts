import { beforeEach, describe, expect, it } from 'vitest';
import type { LedgerRepository } from '../app/ports.js';
import { alertChargeEntry, alertRefundEntry, balanceOf, topUpEntry, type LedgerEntry } from '../domain/ledger.js';

let sequence = 0;
const at = new Date('2026-05-01T10:00:00.000Z');

function aTopUp(companyId: string, amountCents: number, topUpId = `top-up-${(sequence += 1)}`): LedgerEntry {
  return topUpEntry({ entryId: `entry-${(sequence += 1)}`, companyId, amountCents, topUpId, note: '', createdAt: at });
}

function aCharge(companyId: string, reportId: string, memberId: string): LedgerEntry {
  return alertChargeEntry({ entryId: `entry-${(sequence += 1)}`, companyId, reportId, memberId, createdAt: at });
}

/** What every LedgerRepository adapter must do; `create` gives a fresh, empty repository. */
export function ledgerRepositoryContract(name: string, create: () => Promise<LedgerRepository>): void {
  describe(`LedgerRepository contract: ${name}`, () => {
    let ledger: LedgerRepository;
    beforeEach(async () => {
      ledger = await create();
    });

    it('starts every association at zero with no entries', async () => {
      expect(await ledger.balanceOf('company-1')).toBe(0);
      expect(await ledger.entriesOf('company-1')).toEqual([]);
      expect(await ledger.balancesOf(['company-1', 'company-2'])).toEqual(new Map([['company-1', 0], ['company-2', 0]]));
    });

    it('records credits and debits, keeping the balance equal to the sum of the entries', async () => {
      const topUp = aTopUp('company-1', 1500);
      expect(await ledger.record(topUp)).toEqual({ status: 'recorded', entry: topUp, balanceCents: 1500 });
      const charge = aCharge('company-1', 'report-1', 'member-1');
      expect(await ledger.record(charge)).toEqual({ status: 'recorded', entry: charge, balanceCents: 1493 });
      await ledger.record(aTopUp('company-2', 2000));

      expect(await ledger.entriesOf('company-1')).toEqual([topUp, charge]);
      expect(await ledger.balanceOf('company-1')).toBe(1493);
      expect(balanceOf(await ledger.entriesOf('company-1'))).toBe(1493);
      expect(await ledger.balancesOf(['company-1', 'company-2'])).toEqual(new Map([['company-1', 1493], ['company-2', 2000]]));
    });

    it('records an idempotency key once and answers later attempts with the first entry', async () => {
      await ledger.record(aTopUp('company-1', 1500));
      const first = aCharge('company-1', 'report-1', 'member-1');
      await ledger.record(first);
      const again = await ledger.record(aCharge('company-1', 'report-1', 'member-1'));
      expect(again).toEqual({ status: 'duplicate', entry: first, balanceCents: 1493 });
      expect(await ledger.findByIdempotencyKey(first.idempotencyKey)).toEqual(first);
      expect(await ledger.entriesOf('company-1')).toHaveLength(2);
    });

    it('refuses a debit the balance cannot pay and records nothing', async () => {
      await ledger.record(aTopUp('company-1', 1001));
      for (let index = 0; index < 143; index += 1) await ledger.record(aCharge('company-1', `report-${index}`, 'member-1'));
      expect(await ledger.balanceOf('company-1')).toBe(0);
      expect(await ledger.record(aCharge('company-1', 'report-last', 'member-1'))).toEqual({ status: 'insufficient-funds', balanceCents: 0 });
      expect(await ledger.findByIdempotencyKey('alert-charge:report-last:member-1')).toBeUndefined();
      expect(await ledger.entriesOf('company-1')).toHaveLength(144);
    });

    it('never goes below zero nor charges a (report, member) twice when 50 charges race for the last cents', async () => {
      await ledger.record(aTopUp('company-1', 1001));
      for (let index = 0; index < 140; index += 1) await ledger.record(aCharge('company-1', `early-${index}`, 'member-1'));
      expect(await ledger.balanceOf('company-1')).toBe(21);

      // 25 distinct (report, member) pairs, each requested twice: only 3 charges fit in 21 cents.
      const racing = Array.from({ length: 50 }, (_, index) => aCharge('company-1', 'report-race', `member-${index % 25}`));
      const outcomes = await Promise.all(racing.map((entry) => ledger.record(entry)));

      const recorded = outcomes.filter((outcome) => outcome.status === 'recorded');
      expect(recorded).toHaveLength(3);
      expect(outcomes.every((outcome) => outcome.balanceCents >= 0)).toBe(true);
      const entries = await ledger.entriesOf('company-1');
      const raceKeys = entries.filter((entry) => entry.reportId === 'report-race').map((entry) => entry.idempotencyKey);
      expect(new Set(raceKeys).size).toBe(raceKeys.length);
      expect(raceKeys).toHaveLength(3);
      expect(await ledger.balanceOf('company-1')).toBe(0);
      expect(balanceOf(entries)).toBe(0);
    });

    it('records one of many concurrent identical entries and never double-charges', async () => {
      await ledger.record(aTopUp('company-1', 2000));
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => ledger.record(aCharge('company-1', 'report-1', 'member-1'))));
      expect(outcomes.filter((outcome) => outcome.status === 'recorded')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toHaveLength(19);
      expect(await ledger.balanceOf('company-1')).toBe(1993);
      expect(balanceOf(await ledger.entriesOf('company-1'))).toBe(1993);
    });

    it('records one of many concurrent identical credits and adds it once', async () => {
      await ledger.record(aTopUp('company-1', 2000));
      const charge = aCharge('company-1', 'report-1', 'member-1');
      await ledger.record(charge);
      const refunds = Array.from({ length: 20 }, () =>
        alertRefundEntry({ entryId: `entry-${(sequence += 1)}`, charge, round: 1, reason: 'provider refused the number', createdAt: at }),
      );
      const outcomes = await Promise.all(refunds.map((refund) => ledger.record(refund)));
      expect(outcomes.filter((outcome) => outcome.status === 'recorded')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.status === 'duplicate')).toHaveLength(19);
      expect(new Set(outcomes.map((outcome) => (outcome.status === 'insufficient-funds' ? undefined : outcome.entry.entryId))).size).toBe(1);
      expect(await ledger.balanceOf('company-1')).toBe(2000);
      expect(balanceOf(await ledger.entriesOf('company-1'))).toBe(2000);
    });

    it('adds every one of many concurrent first top-ups of an association', async () => {
      await Promise.all(Array.from({ length: 10 }, () => ledger.record(aTopUp('company-new', 1001))));
      expect(await ledger.balanceOf('company-new')).toBe(10_010);
      expect(balanceOf(await ledger.entriesOf('company-new'))).toBe(10_010);
    });

    it('records every one of 100 concurrent charges the balance can pay', async () => {
      await ledger.record(aTopUp('company-1', 100_000));
      const outcomes = await Promise.all(Array.from({ length: 100 }, (_, index) => ledger.record(aCharge('company-1', 'report-1', `member-${index}`))));
      expect(outcomes.filter((outcome) => outcome.status !== 'recorded')).toEqual([]);
      expect(await ledger.balanceOf('company-1')).toBe(100_000 - 700);
      expect(balanceOf(await ledger.entriesOf('company-1'))).toBe(100_000 - 700);
    });

    it('keeps the channel of an alert charge and its refund, and stores none on an entry without one', async () => {
      await ledger.record(aTopUp('company-1', 1500));
      const legacy = aCharge('company-1', 'report-1', 'member-1');
      const push = alertChargeEntry({ entryId: `entry-${(sequence += 1)}`, companyId: 'company-1', reportId: 'report-1', memberId: 'member-1', channel: 'push', priceCents: 2, createdAt: at });
      const refund = alertRefundEntry({ entryId: `entry-${(sequence += 1)}`, charge: push, round: 1, reason: 'device unsubscribed', createdAt: at });
      for (const entry of [legacy, push, refund]) await ledger.record(entry);
      expect(await ledger.findByIdempotencyKey('alert-charge-push:report-1:member-1')).toEqual(push);
      expect(await ledger.findByIdempotencyKey('alert-refund-push:report-1:member-1')).toMatchObject({ channel: 'push', amountCents: 2 });
      const stored = await ledger.entriesOf('company-1');
      expect(stored.map((entry) => entry.channel)).toEqual([undefined, undefined, 'push', 'push']);
      expect(stored[1]).not.toHaveProperty('channel');
      expect(await ledger.balanceOf('company-1')).toBe(1493);
    });

    it('records a top-up id once', async () => {
      const first = aTopUp('company-1', 1500, 'invoice-1');
      await ledger.record(first);
      expect(await ledger.record(aTopUp('company-1', 1500, 'invoice-1'))).toEqual({ status: 'duplicate', entry: first, balanceCents: 1500 });
      expect(await ledger.balanceOf('company-1')).toBe(1500);
    });

    it('lets one caller claim the low-balance notice until it is released', async () => {
      await ledger.record(aTopUp('company-1', 1500));
      const claims = await Promise.all(Array.from({ length: 5 }, () => ledger.claimLowBalanceNotice('company-1')));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await ledger.claimLowBalanceNotice('company-1')).toBe(false);
      await ledger.releaseLowBalanceNotice('company-1');
      expect(await ledger.claimLowBalanceNotice('company-1')).toBe(true);
    });
  });
}
