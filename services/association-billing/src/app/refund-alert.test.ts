import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { balanceOf } from '../domain/ledger.js';
import { newMembership } from '../domain/membership.js';
import { AdjustBalance } from './adjust-balance.js';
import { ChargeAlert } from './charge-alert.js';
import { LowBalanceNotice } from './low-balance-notice.js';
import type { EmailMessage } from './ports.js';
import { RefundAlert } from './refund-alert.js';
import { TopUp } from './top-up.js';

const now = new Date('2026-06-01T12:00:00Z');
const alert = { reportId: 'r-1', memberId: 'm-1' };

describe('RefundAlert and charging again after a refund', () => {
  let stores: AssociationBillingStores;
  let sent: EmailMessage[];
  let chargeAlert: ChargeAlert;
  let refundAlert: RefundAlert;
  let topUp: TopUp;
  let adjustBalance: AdjustBalance;

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    sent = [];
    let nextId = 0;
    const ids = { newId: () => `id-${(nextId += 1)}` };
    const clock = { now: () => now };
    const notice = new LowBalanceNotice(stores.ledger, { send: async (message) => void sent.push(message) }, { warn: () => undefined }, 1000);
    chargeAlert = new ChargeAlert({ associations: stores.associations, memberships: stores.memberships, ledger: stores.ledger, notice, clock, ids });
    refundAlert = new RefundAlert({ ledger: stores.ledger, clock, ids });
    topUp = new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    adjustBalance = new AdjustBalance({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    const association = newAssociation({ companyId: 'c-1', details: { companyName: 'Springfield Beekeepers' }, createdAt: now });
    await stores.associations.create({ ...association, adminContactEmail: 'admin@bees.example.org' });
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-1', memberId: 'm-1', joinedAt: now }));
  });

  async function ledgerLines() {
    return (await stores.ledger.entriesOf('c-1')).map((entry) => [entry.kind, entry.amountCents, entry.idempotencyKey, entry.note]);
  }

  it('alternates charges and refunds of one (report, member), each in its own round', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });

    const charge1 = await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    const refund1 = await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    const charge2 = await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    const refund2 = await refundAlert.execute({ ...alert, reason: 'dropped after charging' });

    expect(charge1).toMatchObject({ balanceCents: 1993, replayed: false });
    expect(refund1).toMatchObject({ charged: true, balanceCents: 2000, replayed: false, entry: { kind: 'alert-refund', amountCents: 7, ...alert } });
    expect(charge2).toMatchObject({ balanceCents: 1993, replayed: false });
    expect(charge2.entry.entryId).not.toBe(charge1.entry.entryId);
    expect(refund2).toMatchObject({ charged: true, balanceCents: 2000, replayed: false, entry: { note: 'dropped after charging' } });
    expect(await ledgerLines()).toEqual([
      ['top-up', 2000, 'top-up:id-1', undefined],
      ['alert-charge', -7, 'alert-charge:r-1:m-1', undefined],
      ['alert-refund', 7, 'alert-refund:r-1:m-1', 'provider refused the number'],
      ['alert-charge', -7, 'alert-charge:r-1:m-1:2', undefined],
      ['alert-refund', 7, 'alert-refund:r-1:m-1:2', 'dropped after charging'],
    ]);
    expect(await stores.ledger.balanceOf('c-1')).toBe(2000);
    expect(balanceOf(await stores.ledger.entriesOf('c-1'))).toBe(2000);
  });

  it('replays the refund until the alert is charged again, keeping the first reason', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    const first = await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    const again = await refundAlert.execute({ ...alert, reason: 'another reason' });
    expect(again).toEqual({ ...first, replayed: true });
    expect(first.charged && first.entry.note).toBe('provider refused the number');

    const recharged = await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    expect(await chargeAlert.execute({ ...alert, companyId: 'c-1' })).toEqual({ ...recharged, replayed: true });
    const second = await refundAlert.execute({ ...alert, reason: 'dropped after charging' });
    expect(second).toMatchObject({ charged: true, replayed: false });
    expect(await refundAlert.execute({ ...alert, reason: 'dropped after charging' })).toEqual({ ...second, replayed: true });
    expect((await stores.ledger.entriesOf('c-1')).filter((entry) => entry.kind === 'alert-refund')).toHaveLength(2);
  });

  it('answers not charged and records nothing for a (report, member) never charged', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    expect(await refundAlert.execute({ reportId: 'r-2', memberId: 'm-1', reason: 'not sent' })).toEqual({ charged: false });
    expect(await refundAlert.execute({ reportId: 'r-1', memberId: 'm-2', reason: 'not sent' })).toEqual({ charged: false });
    expect(await ledgerLines()).toHaveLength(2);
    expect(await stores.ledger.balanceOf('c-1')).toBe(1993);
  });

  it('records one refund when many refunds of one charge race', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refundAlert.execute({ ...alert, reason: 'provider refused the number' })));
    const refunds = outcomes.flatMap((outcome) => (outcome.charged ? [outcome] : []));
    expect(refunds).toHaveLength(10);
    expect(refunds.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(new Set(refunds.map((outcome) => outcome.entry.entryId)).size).toBe(1);
    expect((await stores.ledger.entriesOf('c-1')).filter((entry) => entry.kind === 'alert-refund')).toHaveLength(1);
    expect(await stores.ledger.balanceOf('c-1')).toBe(2000);
  });

  it('records one new charge when many charges race after a refund', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => chargeAlert.execute({ ...alert, companyId: 'c-1' })));
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => outcome.entry.idempotencyKey))).toEqual(new Set(['alert-charge:r-1:m-1:2']));
    expect(await stores.ledger.balanceOf('c-1')).toBe(1993);
  });

  it('refuses to charge again after a refund when the balance is short, recording nothing, and charges once funded', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    await adjustBalance.execute({ companyId: 'c-1', amountCents: -994, note: 'spent elsewhere' });
    await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    await adjustBalance.execute({ companyId: 'c-1', amountCents: -7, note: 'spent elsewhere' });
    const before = await ledgerLines();

    await expect(chargeAlert.execute({ ...alert, companyId: 'c-1' })).rejects.toMatchObject({ code: 'BILLING.INSUFFICIENT_FUNDS' });
    expect(await ledgerLines()).toEqual(before);
    expect(await stores.ledger.findByIdempotencyKey('alert-charge:r-1:m-1:2')).toBeUndefined();

    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    expect(await chargeAlert.execute({ ...alert, companyId: 'c-1' })).toMatchObject({
      balanceCents: 994,
      replayed: false,
      entry: { idempotencyKey: 'alert-charge:r-1:m-1:2' },
    });
  });

  it('refunds to the association charged even after the member left it', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    await stores.memberships.remove('c-1', 'm-1');
    expect(await refundAlert.execute({ ...alert, reason: 'dropped after charging' })).toMatchObject({ charged: true, balanceCents: 2000, entry: { companyId: 'c-1' } });
  });

  it('sends no low-balance notice for a refund', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1005 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    expect(sent).toHaveLength(1);
    await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    expect(sent).toHaveLength(1);
  });

  it.each([
    ['a missing report id', { reportId: ' ' }],
    ['a member id with spaces', { memberId: 'm 1' }],
    ['no reason', { reason: '  ' }],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }],
  ])('refuses %s, refunding nothing', async (_name, change) => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    await expect(refundAlert.execute({ ...alert, reason: 'provider refused the number', ...change })).rejects.toMatchObject({ code: 'BILLING.INVALID' });
    expect(await stores.ledger.balanceOf('c-1')).toBe(1993);
  });
});
