import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { balanceOf, DEFAULT_ALERT_PRICES, type AlertPrices } from '../domain/ledger.js';
import { newMembership } from '../domain/membership.js';
import { ChargeAlert } from './charge-alert.js';
import { LowBalanceNotice } from './low-balance-notice.js';
import type { EmailMessage } from './ports.js';
import { TopUp } from './top-up.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('ChargeAlert and the low-balance notice', () => {
  let stores: AssociationBillingStores;
  let sent: EmailMessage[];
  let failNextEmail: boolean;
  let chargeAlert: ChargeAlert;
  let topUp: TopUp;
  let warnings: string[];

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    sent = [];
    warnings = [];
    failNextEmail = false;
    let nextId = 0;
    const ids = { newId: () => `id-${(nextId += 1)}` };
    const clock = { now: () => now };
    const mailer = {
      send: async (message: EmailMessage) => {
        if (failNextEmail) {
          failNextEmail = false;
          throw new Error('smtp down');
        }
        sent.push(message);
      },
    };
    const notice = new LowBalanceNotice(stores.ledger, mailer, { warn: (_fields, message) => warnings.push(message) }, 1000);
    chargeAlert = new ChargeAlert({ associations: stores.associations, memberships: stores.memberships, ledger: stores.ledger, notice, clock, ids });
    topUp = new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    const association = newAssociation({ companyId: 'c-1', details: { companyName: 'Springfield Beekeepers' }, createdAt: now });
    await stores.associations.create({ ...association, adminContactEmail: 'admin@bees.example.org' });
    for (const memberId of ['m-1', 'm-2', 'm-3', 'm-4']) {
      await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-1', memberId, joinedAt: now }));
    }
  });

  it('charges 7 cents once per report and member, replaying the first charge on a retry', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1100 });
    const first = await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    const retry = await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    expect(first).toMatchObject({ balanceCents: 1093, replayed: false });
    expect(retry).toEqual({ ...first, replayed: true });
    expect(balanceOf(await stores.ledger.entriesOf('c-1'))).toBe(1093);
  });

  it('refuses a charge the balance cannot pay, recording nothing', async () => {
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' })).rejects.toMatchObject({ code: 'BILLING.INSUFFICIENT_FUNDS' });
    expect(await stores.ledger.entriesOf('c-1')).toEqual([]);
  });

  it('refuses to charge for an inactive member or one who left', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    await stores.memberships.deactivate('c-1', 'm-1', now);
    await stores.memberships.remove('c-1', 'm-2');
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' })).rejects.toMatchObject({ code: 'MEMBERSHIP.NOT_PAYING' });
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-2', companyId: 'c-1' })).rejects.toMatchObject({ code: 'MEMBERSHIP.NOT_PAYING' });
    expect(await stores.ledger.balanceOf('c-1')).toBe(2000);
  });

  it('emails the admin contact once when the balance falls below the threshold, not for the charges after it', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1010 });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    expect(sent).toEqual([]);
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-2', companyId: 'c-1' });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-3', companyId: 'c-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'admin@bees.example.org', subject: 'Swarm alerts: low balance for Springfield Beekeepers' });
    expect(sent[0]?.text).toContain('$9.96');

    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await chargeAlert.execute({ reportId: 'r-2', memberId: 'm-1', companyId: 'c-1' });
    expect(sent).toHaveLength(1);

    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await chargeAlert.execute({ reportId: 'r-3', memberId: 'm-1', companyId: 'c-1' });
    expect(sent).toHaveLength(1);
  });

  it('sends the notice again after a top-up that brought the balance back to the threshold', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1005 });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    expect(sent).toHaveLength(1);
    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await stores.ledger.record({ entryId: 'adj', companyId: 'c-1', kind: 'adjustment', amountCents: -1000, idempotencyKey: 'adj', createdAt: now });
    await chargeAlert.execute({ reportId: 'r-2', memberId: 'm-1', companyId: 'c-1' });
    expect(sent).toHaveLength(2);
  });

  it('retries the notice on the next charge when the email failed', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1005 });
    failNextEmail = true;
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' })).resolves.toMatchObject({ replayed: false });
    expect(sent).toHaveLength(0);
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-2', companyId: 'c-1' });
    expect(sent).toHaveLength(1);
  });

  it('warns once in the log when a low balance has no admin contact to email', async () => {
    const association = newAssociation({ companyId: 'c-2', details: { companyName: 'Quiet Keepers' }, createdAt: now });
    await stores.associations.create(association);
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-2', memberId: 'm-1', joinedAt: now }));
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-2', memberId: 'm-2', joinedAt: now }));
    await topUp.execute({ companyId: 'c-2', amountCents: 1005 });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-2' });
    await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-2', companyId: 'c-2' });
    expect(sent).toEqual([]);
    expect(warnings).toEqual(['balance is low but the association has no admin contact email to warn']);
  });
});

describe('ChargeAlert per channel', () => {
  let stores: AssociationBillingStores;
  let sent: EmailMessage[];
  let topUp: TopUp;
  let nextId: number;

  function chargeAlertAt(prices: AlertPrices): ChargeAlert {
    const ids = { newId: () => `id-${(nextId += 1)}` };
    const notice = new LowBalanceNotice(stores.ledger, { send: async (message) => void sent.push(message) }, { warn: () => undefined }, 1000);
    return new ChargeAlert({ associations: stores.associations, memberships: stores.memberships, ledger: stores.ledger, notice, clock: { now: () => now }, ids, prices });
  }

  async function ledgerLines() {
    return (await stores.ledger.entriesOf('c-1')).map((entry) => [entry.kind, entry.amountCents, entry.idempotencyKey, entry.channel]);
  }

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    sent = [];
    nextId = 0;
    const notice = new LowBalanceNotice(stores.ledger, { send: async (message) => void sent.push(message) }, { warn: () => undefined }, 1000);
    topUp = new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock: { now: () => now }, ids: { newId: () => `top-up-${(nextId += 1)}` } });
    const association = newAssociation({ companyId: 'c-1', details: { companyName: 'Springfield Beekeepers' }, createdAt: now });
    await stores.associations.create({ ...association, adminContactEmail: 'admin@bees.example.org' });
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-1', memberId: 'm-1', joinedAt: now }));
  });

  it.each(['push', 'email'] as const)('records no line for a free %s alert and answers price 0 without an entry', async (channel) => {
    const chargeAlert = chargeAlertAt(DEFAULT_ALERT_PRICES);
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    const free = await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel });
    expect(free).toEqual({ priceCents: 0, balanceCents: 2000, replayed: false });
    expect(await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel })).toEqual(free);
    expect(await ledgerLines()).toEqual([['top-up', 2000, 'top-up:top-up-1', undefined]]);
  });

  it('answers a free channel with price 0 when the balance is zero, and never refuses it for funds', async () => {
    const chargeAlert = chargeAlertAt(DEFAULT_ALERT_PRICES);
    expect(await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' })).toEqual({ priceCents: 0, balanceCents: 0, replayed: false });
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'sms' })).rejects.toMatchObject({ code: 'BILLING.INSUFFICIENT_FUNDS' });
    expect(await stores.ledger.entriesOf('c-1')).toEqual([]);
  });

  it('refuses a free channel for a member who is not paying through that association', async () => {
    const chargeAlert = chargeAlertAt(DEFAULT_ALERT_PRICES);
    await stores.memberships.createIfAbsent(newMembership({ companyId: 'c-1', memberId: 'm-2', joinedAt: now }));
    await stores.memberships.deactivate('c-1', 'm-2', now);
    for (const [memberId, companyId] of [['m-2', 'c-1'], ['stranger', 'c-1'], ['m-1', 'unknown-association']] as const) {
      await expect(chargeAlert.execute({ reportId: 'r-1', memberId, companyId, channel: 'email' })).rejects.toMatchObject({ code: 'MEMBERSHIP.NOT_PAYING' });
    }
  });

  it('charges a priced push alert once per (report, member), on a line naming the channel under the push keys', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 2, email: 0 });
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    const first = await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' });
    expect(first).toMatchObject({ priceCents: 2, balanceCents: 1998, replayed: false, entry: { kind: 'alert-charge', amountCents: -2, channel: 'push', reportId: 'r-1', memberId: 'm-1' } });
    expect(await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' })).toEqual({ ...first, replayed: true });
    expect(await ledgerLines()).toEqual([
      ['top-up', 2000, 'top-up:top-up-1', undefined],
      ['alert-charge', -2, 'alert-charge-push:r-1:m-1', 'push'],
    ]);
  });

  it('charges a text alert under the keys text alerts always had, by default and when named, at the configured price', async () => {
    const chargeAlert = chargeAlertAt({ sms: 9, push: 0, email: 0 });
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    const unnamed = await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' });
    expect(unnamed).toMatchObject({ priceCents: 9, balanceCents: 1991, replayed: false, entry: { channel: 'sms' } });
    expect(await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'sms' })).toEqual({ ...unnamed, replayed: true });
    expect(await ledgerLines()).toEqual([
      ['top-up', 2000, 'top-up:top-up-1', undefined],
      ['alert-charge', -9, 'alert-charge:r-1:m-1', 'sms'],
    ]);
  });

  it('charges each channel of one (report, member) on its own', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 2, email: 3 });
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    for (const channel of ['sms', 'push', 'email', 'push'] as const) await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel });
    expect((await ledgerLines()).slice(1)).toEqual([
      ['alert-charge', -7, 'alert-charge:r-1:m-1', 'sms'],
      ['alert-charge', -2, 'alert-charge-push:r-1:m-1', 'push'],
      ['alert-charge', -3, 'alert-charge-email:r-1:m-1', 'email'],
    ]);
    expect(await stores.ledger.balanceOf('c-1')).toBe(1988);
  });

  it('refuses a priced push alert the balance cannot pay, recording nothing', async () => {
    const chargeAlert = chargeAlertAt({ sms: 7, push: 2, email: 0 });
    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await stores.ledger.record({ entryId: 'adj', companyId: 'c-1', kind: 'adjustment', amountCents: -1000, idempotencyKey: 'adj', createdAt: now });
    await expect(chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' })).rejects.toMatchObject({ code: 'BILLING.INSUFFICIENT_FUNDS' });
    expect(await stores.ledger.findByIdempotencyKey('alert-charge-push:r-1:m-1')).toBeUndefined();
    expect(await stores.ledger.balanceOf('c-1')).toBe(1);
  });

  it('records nothing for text alerts when their price is configured to 0', async () => {
    const chargeAlert = chargeAlertAt({ sms: 0, push: 0, email: 0 });
    expect(await chargeAlert.execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1' })).toEqual({ priceCents: 0, balanceCents: 0, replayed: false });
    expect(await stores.ledger.entriesOf('c-1')).toEqual([]);
  });

  it('answers a standing charge with the price it was charged at after the price changed, even to free', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 2000 });
    const charged = await chargeAlertAt({ sms: 7, push: 5, email: 0 }).execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' });
    expect(await chargeAlertAt({ sms: 7, push: 0, email: 0 }).execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' })).toEqual({
      ...charged,
      priceCents: 5,
      replayed: true,
    });
    expect(await stores.ledger.balanceOf('c-1')).toBe(1995);
  });

  it('sends the low-balance notice after a priced push charge, and none for a free one', async () => {
    await topUp.execute({ companyId: 'c-1', amountCents: 1001 });
    await chargeAlertAt({ sms: 7, push: 0, email: 0 }).execute({ reportId: 'r-1', memberId: 'm-1', companyId: 'c-1', channel: 'push' });
    expect(sent).toHaveLength(0);
    await chargeAlertAt({ sms: 7, push: 2, email: 0 }).execute({ reportId: 'r-2', memberId: 'm-1', companyId: 'c-1', channel: 'push' });
    expect(sent).toHaveLength(1);
  });

  it('refuses prices out of range when it is built', () => {
    expect(() => chargeAlertAt({ sms: 7, push: 1001, email: 0 })).toThrow(RangeError);
  });
});
