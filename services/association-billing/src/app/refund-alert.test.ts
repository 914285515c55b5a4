import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { balanceOf, type AlertPrices } from '../domain/ledger.js';
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
    expect(charge2.entry?.entryId).not.toBe(charge1.entry?.entryId);
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
    expect(new Set(outcomes.map((outcome) => outcome.entry?.idempotencyKey))).toEqual(new Set(['alert-charge:r-1:m-1:2']));
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

describe('RefundAlert per channel', () => {
  let stores: AssociationBillingStores;
  let refundAlert: RefundAlert;
  let topUp: TopUp;
  let nextId: number;

  function chargeAlertAt(prices: AlertPrices): ChargeAlert {
    const notice = new LowBalanceNotice(stores.ledger, { send: async () => undefined }, { warn: () => undefined }, 1000);
    return new ChargeAlert({ associations: stores.associations, memberships: stores.memberships, ledger: stores.ledger, notice, clock: { now: () => now }, ids: { newId: () => `id-${(nextId += 1)}` }, prices });
  }

  async function ledgerLines() {
    return (await stores.ledger.entriesOf('c-1')).map((entry) => [entry.kind, entry.amountCents, entry.idempotencyKey, entry.channel]);
  }

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    nextId = 0;
    const clock = { now: () => now };
    const ids = { newId: () => `id-${(nextId += 1)}` };
    refundAlert = new RefundAlert({ ledger: stores.ledger, clock, ids });
    const notice = new LowBalanceNotice(stores.ledger, { send: async () => undefined }, { warn: () => undefined }, 1000);
    topUp = new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    const association = newAssociation({ companyId: 'c-1', details: { companyName: 'Springfield Beekeepers' }, createdAt: now });
    await stores.associations.create(association);
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-1', memberId: 'm-1', joinedAt: now }));
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
  });

  it('gives back the standing charge of the channel named, naming it, and leaves the other channels charged', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 2, email: 3 });
    for (const channel of ['sms', 'push', 'email'] as const) await chargeAlert.execute({ ...alert, companyId: 'c-1', channel });

    const refunded = await refundAlert.execute({ ...alert, channel: 'push', reason: 'device unsubscribed' });
    expect(refunded).toMatchObject({ charged: true, replayed: false, balanceCents: 1990, entry: { kind: 'alert-refund', amountCents: 2, channel: 'push', note: 'device unsubscribed' } });
    expect(await refundAlert.execute({ ...alert, channel: 'push', reason: 'device unsubscribed' })).toEqual({ ...refunded, replayed: true });
    expect((await ledgerLines()).slice(1)).toEqual([
      ['alert-charge', -7, 'alert-charge:r-1:m-1', 'sms'],
      ['alert-charge', -2, 'alert-charge-push:r-1:m-1', 'push'],
      ['alert-charge', -3, 'alert-charge-email:r-1:m-1', 'email'],
      ['alert-refund', 2, 'alert-refund-push:r-1:m-1', 'push'],
    ]);
    expect(await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'sms' })).toMatchObject({ replayed: true });
    expect(await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'email' })).toMatchObject({ replayed: true });
  });

  it('refunds a text alert when no channel is named, under the keys text alerts always had', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 2, email: 0 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'push' });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    expect(await refundAlert.execute({ ...alert, reason: 'provider refused the number' })).toMatchObject({ charged: true, entry: { amountCents: 7, channel: 'sms' } });
    expect((await ledgerLines()).at(-1)).toEqual(['alert-refund', 7, 'alert-refund:r-1:m-1', 'sms']);
    expect(await refundAlert.execute({ ...alert, channel: 'sms', reason: 'provider refused the number' })).toMatchObject({ charged: true, replayed: true });
  });

  it('answers not charged for a free channel, recording nothing', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 0, email: 0 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1' });
    await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'email' });
    expect(await refundAlert.execute({ ...alert, channel: 'email', reason: 'mailbox full' })).toEqual({ charged: false });
    expect(await ledgerLines()).toHaveLength(2);
    expect(await stores.ledger.balanceOf('c-1')).toBe(1993);
  });

  it('alternates the charges and refunds of a priced channel in rounds of its own keys', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 0, email: 4 });
    await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'email' });
    await refundAlert.execute({ ...alert, channel: 'email', reason: 'mailbox full' });
    await chargeAlert.execute({ ...alert, companyId: 'c-1', channel: 'email' });
    await refundAlert.execute({ ...alert, channel: 'email', reason: 'bounced' });
    expect((await ledgerLines()).slice(1)).toEqual([
      ['alert-charge', -4, 'alert-charge-email:r-1:m-1', 'email'],
      ['alert-refund', 4, 'alert-refund-email:r-1:m-1', 'email'],
      ['alert-charge', -4, 'alert-charge-email:r-1:m-1:2', 'email'],
      ['alert-refund', 4, 'alert-refund-email:r-1:m-1:2', 'email'],
    ]);
    expect(await stores.ledger.balanceOf('c-1')).toBe(2000);
  });

  it('gives back what the charge took even after the channel became free', async () => {
    await chargeAlertAt({ sms: 7, push: 5, email: 0 }).execute({ ...alert, companyId: 'c-1', channel: 'push' });
    expect(await refundAlert.execute({ ...alert, channel: 'push', reason: 'device unsubscribed' })).toMatchObject({ charged: true, balanceCents: 2000, entry: { amountCents: 5 } });
  });

  it('refunds a text charge stored before channels (no channel on it) under its old keys, as a text alert', async () => {
    await stores.ledger.record({ entryId: 'old', companyId: 'c-1', kind: 'alert-charge', amountCents: -7, idempotencyKey: 'alert-charge:r-1:m-1', createdAt: now, ...alert });
    const refunded = await refundAlert.execute({ ...alert, reason: 'provider refused the number' });
    expect(refunded).toMatchObject({ charged: true, entry: { idempotencyKey: 'alert-refund:r-1:m-1', amountCents: 7 } });
    expect(refunded.charged && refunded.entry.channel).toBeUndefined();
    expect(await chargeAlertAt({ sms: 7, push: 0, email: 0 }).execute({ ...alert, companyId: 'c-1' })).toMatchObject({ replayed: false, entry: { idempotencyKey: 'alert-charge:r-1:m-1:2' } });
  });
});
