import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { balanceOf } from '../domain/ledger.js';
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
