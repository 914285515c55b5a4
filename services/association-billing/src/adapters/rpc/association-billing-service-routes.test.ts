import { Code, type Client } from '@connectrpc/connect';
import {
  AssociationBillingService,
  AssociationStatus,
  LedgerEntryKind,
  MembershipStatus,
} from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { domainErrorCode } from '@swarm/runtime';
import { connectErrorOf } from '@swarm/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AssociationBillingStores } from '../../association-billing-service.js';
import { testAssociationBilling } from '../../testing/test-service.js';

describe('AssociationBillingService over Connect', () => {
  let client: Client<typeof AssociationBillingService>;
  let stores: AssociationBillingStores;

  beforeEach(() => {
    ({ client, stores } = testAssociationBilling());
  });

  async function fundedAssociation(name: string, cents = 2000) {
    const { association } = await client.createAssociation({ companyName: name, donationUrl: '' });
    const companyId = association!.companyId;
    await client.topUp({ companyId, amountCents: cents });
    const { activationCode } = await client.issueActivationCode({ companyId });
    return { companyId, activationCode };
  }

  it('creates an active association and finds it by id', async () => {
    const { association } = await client.createAssociation({ companyName: 'Springfield Beekeepers', donationUrl: 'https://example.org/give' });
    expect(association).toMatchObject({
      companyId: 'id-1',
      companyName: 'Springfield Beekeepers',
      donationUrl: 'https://example.org/give',
      status: AssociationStatus.ACTIVE,
    });
    const found = await client.getAssociation({ companyId: 'id-1' });
    expect(found.association).toEqual(association);
    expect(found.adminContactEmail).toBe('');
  });

  it('answers an association without donations with an empty donation URL', async () => {
    const { association } = await client.createAssociation({ companyName: 'Shelbyville Apiarists', donationUrl: '' });
    expect(association?.donationUrl).toBe('');
  });

  it('answers invalid details with INVALID_ARGUMENT and the rule code', async () => {
    const error = await connectErrorOf(client.createAssociation({ companyName: 'a'.repeat(256), donationUrl: '' }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('ASSOCIATION.INVALID');
  });

  it('answers an unknown company id with NOT_FOUND and the rule code', async () => {
    const error = await connectErrorOf(client.getAssociation({ companyId: 'missing' }));
    expect(error.code).toBe(Code.NotFound);
    expect(domainErrorCode(error)).toBe('ASSOCIATION.NOT_FOUND');
  });

  it('stores the admin contact email lower-cased and refuses a malformed one', async () => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '', adminContactEmail: 'Admin@Bees.example.org' });
    expect((await client.getAssociation({ companyId: association!.companyId })).adminContactEmail).toBe('admin@bees.example.org');
    await client.setAdminContactEmail({ companyId: association!.companyId, adminContactEmail: 'treasurer@bees.example.org' });
    expect((await client.getAssociation({ companyId: association!.companyId })).adminContactEmail).toBe('treasurer@bees.example.org');
    const error = await connectErrorOf(client.setAdminContactEmail({ companyId: association!.companyId, adminContactEmail: 'not an email' }));
    expect(error.code).toBe(Code.InvalidArgument);
  });

  it('lists a member who joined a funded association by code as paying through it', async () => {
    const { companyId, activationCode } = await fundedAssociation('Springfield Beekeepers');
    expect(activationCode).toMatch(/^[A-Z2-9]{8}$/);
    const joined = await client.joinAssociation({ memberId: 'member-1', activationCode: activationCode.toLowerCase() });
    expect(joined.reactivated).toBe(false);
    expect(joined.membership).toMatchObject({ memberId: 'member-1', status: MembershipStatus.ACTIVE, isAdmin: false });
    expect(joined.membership?.association?.companyId).toBe(companyId);

    const { memberships } = await client.listPayingMemberships({ memberIds: ['member-1', 'member-2'] });
    expect(memberships.map((paying) => [paying.memberId, paying.association?.companyId])).toEqual([['member-1', companyId]]);
  });

  it('leaves out memberships that are inactive, in an inactive association, or in an association that cannot pay 7 cents', async () => {
    const funded = await fundedAssociation('Funded');
    await client.joinAssociation({ memberId: 'deactivated', activationCode: funded.activationCode });
    await client.deactivateMembership({ companyId: funded.companyId, memberId: 'deactivated' });

    const { association: broke } = await client.createAssociation({ companyName: 'Broke', donationUrl: '' });
    const { activationCode: brokeCode } = await client.issueActivationCode({ companyId: broke!.companyId });
    await client.joinAssociation({ memberId: 'in-broke', activationCode: brokeCode });

    const dormant = await fundedAssociation('Dormant');
    await client.joinAssociation({ memberId: 'in-dormant', activationCode: dormant.activationCode });
    const stored = await stores.associations.findById(dormant.companyId);
    await stores.associations.create({ ...stored!, companyId: 'inactive-copy', status: 'inactive' });
    await stores.memberships.createIfAbsent({ ...(await stores.memberships.find(dormant.companyId, 'in-dormant'))!, companyId: 'inactive-copy', memberId: 'in-inactive' });
    await stores.ledger.record({ entryId: 'e', companyId: 'inactive-copy', kind: 'top-up', amountCents: 5000, idempotencyKey: 'k', createdAt: new Date() });

    const { memberships } = await client.listPayingMemberships({ memberIds: ['deactivated', 'in-broke', 'in-dormant', 'in-inactive'] });
    expect(memberships.map((paying) => paying.memberId)).toEqual(['in-dormant']);
  });

  it('answers an unknown activation code with NOT_FOUND and a malformed one with INVALID_ARGUMENT', async () => {
    await fundedAssociation('Bees');
    const unknown = await connectErrorOf(client.joinAssociation({ memberId: 'member-1', activationCode: 'ZZZZZZZZ' }));
    expect(unknown.code).toBe(Code.NotFound);
    expect(domainErrorCode(unknown)).toBe('ACTIVATION_CODE.NOT_FOUND');
    const malformed = await connectErrorOf(client.joinAssociation({ memberId: 'member-1', activationCode: 'ABC-1234' }));
    expect(malformed.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(malformed)).toBe('ACTIVATION_CODE.INVALID');
  });

  it('refuses a second join by an active member with ALREADY_EXISTS and reactivates an inactive one', async () => {
    const { companyId, activationCode } = await fundedAssociation('Bees');
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    const again = await connectErrorOf(client.joinAssociation({ memberId: 'member-1', activationCode }));
    expect(again.code).toBe(Code.AlreadyExists);
    expect(domainErrorCode(again)).toBe('MEMBERSHIP.ALREADY_MEMBER');

    await client.deactivateMembership({ companyId, memberId: 'member-1' });
    const reactivated = await client.joinAssociation({ memberId: 'member-1', activationCode });
    expect(reactivated.reactivated).toBe(true);
    expect(reactivated.membership?.status).toBe(MembershipStatus.ACTIVE);
  });

  it('lists the member memberships and forgets one the member left', async () => {
    const first = await fundedAssociation('First');
    const second = await fundedAssociation('Second');
    await client.joinAssociation({ memberId: 'member-1', activationCode: first.activationCode });
    await client.joinAssociation({ memberId: 'member-1', activationCode: second.activationCode });
    await client.makeAdmin({ companyId: second.companyId, memberId: 'member-1' });

    const listed = await client.listMemberMemberships({ memberId: 'member-1' });
    expect(listed.memberships.map((m) => [m.association?.companyName, m.isAdmin])).toEqual([
      ['First', false],
      ['Second', true],
    ]);

    await client.leaveAssociation({ memberId: 'member-1', companyId: first.companyId });
    expect((await client.listMemberMemberships({ memberId: 'member-1' })).memberships.map((m) => m.association?.companyName)).toEqual(['Second']);
    const left = await connectErrorOf(client.leaveAssociation({ memberId: 'member-1', companyId: first.companyId }));
    expect(left.code).toBe(Code.NotFound);
    expect(domainErrorCode(left)).toBe('MEMBERSHIP.NOT_FOUND');
  });

  it("takes an admin's right away, says whether there was one, and refuses an unknown association or member with NOT_FOUND", async () => {
    const { companyId, activationCode } = await fundedAssociation('Bees');
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    await client.makeAdmin({ companyId, memberId: 'member-1' });

    const revoked = await client.revokeAdmin({ companyId, memberId: 'member-1' });
    expect(revoked.wasAdmin).toBe(true);
    expect(revoked.membership).toMatchObject({ memberId: 'member-1', isAdmin: false, status: MembershipStatus.ACTIVE });
    expect((await client.listMemberMemberships({ memberId: 'member-1' })).memberships.map((m) => m.isAdmin)).toEqual([false]);
    expect((await client.revokeAdmin({ companyId, memberId: 'member-1' })).wasAdmin).toBe(false);

    const unknownMember = await connectErrorOf(client.revokeAdmin({ companyId, memberId: 'nobody' }));
    expect([unknownMember.code, domainErrorCode(unknownMember)]).toEqual([Code.NotFound, 'MEMBERSHIP.NOT_FOUND']);
    const unknownAssociation = await connectErrorOf(client.revokeAdmin({ companyId: 'no-such-company', memberId: 'member-1' }));
    expect([unknownAssociation.code, domainErrorCode(unknownAssociation)]).toEqual([Code.NotFound, 'ASSOCIATION.NOT_FOUND']);
  });

  it('tops up, charges an alert once per report and member, and lists the ledger', async () => {
    const { companyId, activationCode } = await fundedAssociation('Bees', 1001);
    await client.joinAssociation({ memberId: 'member-1', activationCode });

    const charged = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    expect(charged).toMatchObject({ balanceCents: 994, replayed: false });
    const retried = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    expect(retried).toMatchObject({ balanceCents: 994, replayed: true });
    expect(retried.entry?.entryId).toBe(charged.entry?.entryId);

    expect((await client.getBalance({ companyId })).balanceCents).toBe(994);
    const { entries } = await client.listLedgerEntries({ companyId });
    expect(entries.map((entry) => [entry.kind, entry.amountCents, entry.reportId])).toEqual([
      [LedgerEntryKind.TOP_UP, 1001, ''],
      [LedgerEntryKind.ALERT_CHARGE, -7, 'report-1'],
    ]);
  });

  it('refunds an alert charge with its reason, replays the refund, and charges the alert again afterwards', async () => {
    const { companyId, activationCode } = await fundedAssociation('Bees', 1001);
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    const charged = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });

    const refunded = await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', reason: 'provider refused the number' });
    expect(refunded).toMatchObject({
      charged: true,
      replayed: false,
      balanceCents: 1001,
      entry: { companyId, kind: LedgerEntryKind.ALERT_REFUND, amountCents: 7, reportId: 'report-1', memberId: 'member-1', note: 'provider refused the number' },
    });
    const retried = await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', reason: 'provider refused the number' });
    expect(retried).toMatchObject({ charged: true, replayed: true, balanceCents: 1001 });
    expect(retried.entry?.entryId).toBe(refunded.entry?.entryId);

    const recharged = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    expect(recharged).toMatchObject({ balanceCents: 994, replayed: false });
    expect(recharged.entry?.entryId).not.toBe(charged.entry?.entryId);
    const { entries } = await client.listLedgerEntries({ companyId });
    expect(entries.map((entry) => [entry.kind, entry.amountCents, entry.note])).toEqual([
      [LedgerEntryKind.TOP_UP, 1001, ''],
      [LedgerEntryKind.ALERT_CHARGE, -7, ''],
      [LedgerEntryKind.ALERT_REFUND, 7, 'provider refused the number'],
      [LedgerEntryKind.ALERT_CHARGE, -7, ''],
    ]);
  });

  it('answers a refund of an alert never charged with charged false and no entry', async () => {
    const refunded = await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', reason: 'dropped after charging' });
    expect(refunded.charged).toBe(false);
    expect(refunded.replayed).toBe(false);
    expect(refunded.entry).toBeUndefined();
    expect(refunded.balanceCents).toBe(0);
  });

  it('refuses a refund without a reason or without ids with INVALID_ARGUMENT', async () => {
    for (const request of [
      { reportId: 'report-1', memberId: 'member-1', reason: ' ' },
      { reportId: 'report-1', memberId: 'member-1', reason: 'x'.repeat(501) },
      { reportId: '', memberId: 'member-1', reason: 'not sent' },
    ]) {
      const error = await connectErrorOf(client.refundAlert(request));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(domainErrorCode(error)).toBe('BILLING.INVALID');
    }
  });

  it('refuses a top-up of $10.00 or less with INVALID_ARGUMENT and records nothing', async () => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const error = await connectErrorOf(client.topUp({ companyId: association!.companyId, amountCents: 1000 }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('BILLING.TOP_UP_TOO_SMALL');
    expect((await client.listLedgerEntries({ companyId: association!.companyId })).entries).toEqual([]);
  });

  it('replays a top-up retried with the same top-up id', async () => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    await client.topUp({ companyId, amountCents: 2500, topUpId: 'invoice-7' });
    const again = await client.topUp({ companyId, amountCents: 2500, topUpId: 'invoice-7' });
    expect(again).toMatchObject({ balanceCents: 2500, replayed: true });
  });

  it.each([
    ['another amount', { amountCents: 3000 }],
    ['another note', { note: 'cheque 1043' }],
  ])('refuses a top-up id reused with %s, recording nothing', async (_name, change) => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    await client.topUp({ companyId, amountCents: 2500, topUpId: 'invoice-8', note: 'cheque 1042' });
    const reused = await connectErrorOf(client.topUp({ companyId, amountCents: 2500, topUpId: 'invoice-8', note: 'cheque 1042', ...change }));
    expect(domainErrorCode(reused)).toBe('BILLING.INVALID');
    expect((await client.listLedgerEntries({ companyId })).entries).toHaveLength(1);
  });

  it('refuses a charge the balance cannot pay with FAILED_PRECONDITION, and one for a non-member', async () => {
    const { association } = await client.createAssociation({ companyName: 'Broke', donationUrl: '' });
    const companyId = association!.companyId;
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    const broke = await connectErrorOf(client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId }));
    expect(broke.code).toBe(Code.FailedPrecondition);
    expect(domainErrorCode(broke)).toBe('BILLING.INSUFFICIENT_FUNDS');
    const stranger = await connectErrorOf(client.chargeAlert({ reportId: 'report-1', memberId: 'stranger', companyId }));
    expect(stranger.code).toBe(Code.FailedPrecondition);
    expect(domainErrorCode(stranger)).toBe('MEMBERSHIP.NOT_PAYING');
  });

  it('adjusts the balance either way with a note, never below zero, and once per adjustment id', async () => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    await client.topUp({ companyId, amountCents: 1500 });

    const refund = await client.adjustBalance({ companyId, amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' });
    expect(refund).toMatchObject({ balanceCents: 1000, replayed: false, entry: { kind: LedgerEntryKind.ADJUSTMENT, amountCents: -500, note: 'double top-up' } });
    expect(await client.adjustBalance({ companyId, amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' })).toMatchObject({ balanceCents: 1000, replayed: true });
    expect((await client.adjustBalance({ companyId, amountCents: 3, note: 'rounding' })).balanceCents).toBe(1003);

    const overdrawn = await connectErrorOf(client.adjustBalance({ companyId, amountCents: -1004, note: 'too much' }));
    expect(overdrawn.code).toBe(Code.FailedPrecondition);
    expect(domainErrorCode(overdrawn)).toBe('BILLING.INSUFFICIENT_FUNDS');
    const noNote = await connectErrorOf(client.adjustBalance({ companyId, amountCents: 100, note: ' ' }));
    expect(noNote.code).toBe(Code.InvalidArgument);
    const zero = await connectErrorOf(client.adjustBalance({ companyId, amountCents: 0, note: 'nothing' }));
    expect(zero.code).toBe(Code.InvalidArgument);
    expect((await client.getBalance({ companyId })).balanceCents).toBe(1003);
  });

  it('refuses an adjustment id reused for a different amount, association or note with INVALID_ARGUMENT', async () => {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    const { association: other } = await client.createAssociation({ companyName: 'Other Bees', donationUrl: '' });
    await client.topUp({ companyId, amountCents: 1500 });
    await client.topUp({ companyId: other!.companyId, amountCents: 1500 });
    await client.adjustBalance({ companyId, amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' });

    for (const reuse of [
      { companyId, amountCents: -400, note: 'double top-up' },
      { companyId: other!.companyId, amountCents: -500, note: 'double top-up' },
      { companyId, amountCents: -500, note: 'another reason' },
    ]) {
      const error = await connectErrorOf(client.adjustBalance({ ...reuse, adjustmentId: 'fix-1' }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(domainErrorCode(error)).toBe('BILLING.INVALID');
      expect(error.rawMessage).toBe('this adjustment id was already used for a different adjustment');
    }
    expect((await client.getBalance({ companyId })).balanceCents).toBe(1000);
    expect((await client.getBalance({ companyId: other!.companyId })).balanceCents).toBe(1500);
    expect(await client.adjustBalance({ companyId, amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' })).toMatchObject({
      balanceCents: 1000,
      replayed: true,
      entry: { amountCents: -500, note: 'double top-up' },
    });
  });
});

describe('AssociationBillingService alert channels over Connect', () => {
  async function joinedMember(client: Client<typeof AssociationBillingService>, cents: number) {
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    if (cents > 0) await client.topUp({ companyId, amountCents: cents });
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    return companyId;
  }

  it('charges an unspecified channel as a text alert, answering its price and naming SMS on the entry', async () => {
    const { client } = testAssociationBilling();
    const companyId = await joinedMember(client, 1001);
    const charged = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    expect(charged).toMatchObject({ priceCents: 7, balanceCents: 994, replayed: false, entry: { kind: LedgerEntryKind.ALERT_CHARGE, amountCents: -7, channel: AlertChannel.SMS } });
    expect(await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel: AlertChannel.SMS })).toMatchObject({ priceCents: 7, replayed: true });
  });

  it('answers a free channel with price 0 and no entry, even at a zero balance, and lists no line for it', async () => {
    const { client } = testAssociationBilling();
    const companyId = await joinedMember(client, 0);
    for (const channel of [AlertChannel.PUSH, AlertChannel.EMAIL]) {
      const free = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel });
      expect(free.entry).toBeUndefined();
      expect([free.priceCents, free.balanceCents, free.replayed]).toEqual([0, 0, false]);
    }
    expect((await client.listLedgerEntries({ companyId })).entries).toEqual([]);
    expect((await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', channel: AlertChannel.PUSH, reason: 'device unsubscribed' })).charged).toBe(false);
  });

  it('refuses a free channel for a member not paying through that association with MEMBERSHIP.NOT_PAYING', async () => {
    const { client } = testAssociationBilling();
    const companyId = await joinedMember(client, 0);
    const error = await connectErrorOf(client.chargeAlert({ reportId: 'report-1', memberId: 'stranger', companyId, channel: AlertChannel.PUSH }));
    expect(error.code).toBe(Code.FailedPrecondition);
    expect(domainErrorCode(error)).toBe('MEMBERSHIP.NOT_PAYING');
  });

  it('charges and refunds a priced push channel, each entry naming the channel, and lists them with it', async () => {
    const { client } = testAssociationBilling({ alertPrices: { sms: 7, push: 3, email: 0 } });
    const companyId = await joinedMember(client, 1001);
    await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    const push = await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel: AlertChannel.PUSH });
    expect(push).toMatchObject({ priceCents: 3, balanceCents: 991, replayed: false, entry: { amountCents: -3, channel: AlertChannel.PUSH } });
    const refunded = await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', channel: AlertChannel.PUSH, reason: 'device unsubscribed' });
    expect(refunded).toMatchObject({ charged: true, balanceCents: 994, entry: { kind: LedgerEntryKind.ALERT_REFUND, amountCents: 3, channel: AlertChannel.PUSH } });

    const { entries } = await client.listLedgerEntries({ companyId });
    expect(entries.map((entry) => [entry.kind, entry.amountCents, entry.channel])).toEqual([
      [LedgerEntryKind.TOP_UP, 1001, AlertChannel.UNSPECIFIED],
      [LedgerEntryKind.ALERT_CHARGE, -7, AlertChannel.SMS],
      [LedgerEntryKind.ALERT_CHARGE, -3, AlertChannel.PUSH],
      [LedgerEntryKind.ALERT_REFUND, 3, AlertChannel.PUSH],
    ]);
  });

  it('lists an alert charge stored before channels as SMS', async () => {
    const { client, stores } = testAssociationBilling();
    const companyId = await joinedMember(client, 1001);
    const at = new Date('2026-01-01T00:00:00Z');
    await stores.ledger.record({ entryId: 'old', companyId, kind: 'alert-charge', amountCents: -7, idempotencyKey: 'alert-charge:report-0:member-1', createdAt: at, reportId: 'report-0', memberId: 'member-1' });
    const { entries } = await client.listLedgerEntries({ companyId });
    expect(entries.at(-1)).toMatchObject({ kind: LedgerEntryKind.ALERT_CHARGE, channel: AlertChannel.SMS });
  });

  it('refuses a channel it does not know with INVALID_ARGUMENT, charging and refunding nothing', async () => {
    const { client } = testAssociationBilling();
    const companyId = await joinedMember(client, 1001);
    const unknown = 9 as AlertChannel;
    for (const call of [
      client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel: unknown }),
      client.refundAlert({ reportId: 'report-1', memberId: 'member-1', channel: unknown, reason: 'not sent' }),
    ]) {
      const error = await connectErrorOf(call);
      expect(error.code).toBe(Code.InvalidArgument);
      expect(domainErrorCode(error)).toBe('BILLING.INVALID');
    }
    expect((await client.getBalance({ companyId })).balanceCents).toBe(1001);
  });

  it('lists as paying only associations whose balance pays for one text alert at the configured price', async () => {
    const { client } = testAssociationBilling({ alertPrices: { sms: 50, push: 0, email: 0 } });
    const companyId = await joinedMember(client, 1001);
    expect((await client.listPayingMemberships({ memberIds: ['member-1'] })).memberships).toHaveLength(1);
    await client.adjustBalance({ companyId, amountCents: -952, note: 'leave 49 cents' });
    expect((await client.listPayingMemberships({ memberIds: ['member-1'] })).memberships).toEqual([]);
  });
});
