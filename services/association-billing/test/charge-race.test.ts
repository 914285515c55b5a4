import { Code, ConnectError } from '@connectrpc/connect';
import { domainErrorCode } from '@swarm/runtime';
import { mongoSuite } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { MongoActivationCodeRepository } from '../src/adapters/mongo/mongo-activation-code-repository.js';
import { MongoAssociationRepository } from '../src/adapters/mongo/mongo-association-repository.js';
import { MongoJoinFailureRepository } from '../src/adapters/mongo/mongo-join-failure-repository.js';
import { MongoLedgerRepository } from '../src/adapters/mongo/mongo-ledger-repository.js';
import { MongoMembershipRepository } from '../src/adapters/mongo/mongo-membership-repository.js';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../src/association-billing-service.js';
import { balanceOf } from '../src/domain/ledger.js';
import { testAssociationBilling } from '../src/testing/test-service.js';

/** 50 ChargeAlert calls through the service race for the last 35 cents: 25 members, each alert requested twice. */
function chargeRace(name: string, createStores: () => Promise<AssociationBillingStores>): void {
  describe(`ChargeAlert race on ${name}`, () => {
    it('charges at most what the balance holds, each (report, member) once, and keeps ledger and balance equal', async () => {
      const { client, stores, sent } = testAssociationBilling({ stores: await createStores(), lowBalanceThresholdCents: 100 });
      const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '', adminContactEmail: 'admin@bees.example.org' });
      const companyId = association!.companyId;
      await client.topUp({ companyId, amountCents: 1001 });
      await client.adjustBalance({ companyId, amountCents: -966, note: 'leave 35 cents' });
      const { activationCode } = await client.issueActivationCode({ companyId });
      const members = Array.from({ length: 25 }, (_, index) => `member-${index}`);
      for (const memberId of members) await client.joinAssociation({ memberId, activationCode });

      const outcomes = await Promise.allSettled(
        [...members, ...members].map((memberId) => client.chargeAlert({ reportId: 'report-1', memberId, companyId })),
      );

      const charged = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' && !outcome.value.replayed ? [outcome.value] : []));
      expect(charged).toHaveLength(5);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') {
          expect(outcome.reason).toBeInstanceOf(ConnectError);
          expect((outcome.reason as ConnectError).code).toBe(Code.FailedPrecondition);
          expect(domainErrorCode(outcome.reason as ConnectError)).toBe('BILLING.INSUFFICIENT_FUNDS');
        } else {
          expect(outcome.value.balanceCents).toBeGreaterThanOrEqual(0);
        }
      }
      const charges = (await stores.ledger.entriesOf(companyId)).filter((entry) => entry.kind === 'alert-charge');
      expect(new Set(charges.map((entry) => entry.memberId)).size).toBe(charges.length);
      expect(charges).toHaveLength(5);
      expect(await stores.ledger.balanceOf(companyId)).toBe(0);
      expect(balanceOf(await stores.ledger.entriesOf(companyId))).toBe(0);
      expect((await client.listPayingMemberships({ memberIds: members })).memberships).toEqual([]);
      expect(sent).toHaveLength(1);
    });
  });
}

chargeRace('in-memory stores', async () => memoryAssociationBillingStores());

mongoSuite('ChargeAlert race on MongoDB', (newDatabase, target) => {
  chargeRace(target.tier, async () => {
    const { db } = await newDatabase();
    const activationCodes = new MongoActivationCodeRepository(db);
    const memberships = new MongoMembershipRepository(db);
    const ledger = new MongoLedgerRepository(db);
    const joinFailures = new MongoJoinFailureRepository(db);
    await Promise.all([activationCodes.ensureIndexes(), memberships.ensureIndexes(), ledger.ensureIndexes(), joinFailures.ensureIndexes()]);
    return { associations: new MongoAssociationRepository(db), activationCodes, memberships, ledger, joinFailures };
  });
});
