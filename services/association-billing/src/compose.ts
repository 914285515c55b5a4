import type { ConnectRouter } from '@connectrpc/connect';
import { requireMongoUrl, secureRandomBelow, systemClock, uuidIds, type PartWiring } from '@swarm/runtime';
import { mailerFromSettings } from '@swarm/runtime/smtp';
import type { z } from 'zod';
import { buildAssociationBillingService, memoryAssociationBillingStores, type AssociationBillingStores } from './association-billing-service.js';
import type { associationBillingConfigShape } from './config.js';

export type AssociationBillingConfig = z.infer<z.ZodObject<typeof associationBillingConfigShape>>;

/**
 * The association-billing service from its configuration: the store STORE names, the mailer of the low-balance
 * notices and the price of an alert on each channel. `main.ts` and the embedded product call it.
 */
export async function composeAssociationBillingService(
  config: AssociationBillingConfig,
  wiring: PartWiring,
): Promise<{ routes: (router: ConnectRouter) => void; stores: AssociationBillingStores }> {
  let stores: AssociationBillingStores;
  if (config.STORE === 'mongo') {
    // Loaded only for this store: the MongoDB driver takes ~15 MB that a process keeping everything in memory never needs.
    const [{ connectMongo }, { MongoActivationCodeRepository }, { MongoAssociationRepository }, { MongoJoinFailureRepository }, { MongoLedgerRepository }, { MongoMembershipRepository }] =
      await Promise.all([
        import('@swarm/runtime/mongo'),
        import('./adapters/mongo/mongo-activation-code-repository.js'),
        import('./adapters/mongo/mongo-association-repository.js'),
        import('./adapters/mongo/mongo-join-failure-repository.js'),
        import('./adapters/mongo/mongo-ledger-repository.js'),
        import('./adapters/mongo/mongo-membership-repository.js'),
      ]);
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    wiring.lifecycle.onShutdown('mongo', () => mongo.close());
    wiring.health.register('mongo', mongo.isHealthy);
    const activationCodes = new MongoActivationCodeRepository(mongo.db);
    const memberships = new MongoMembershipRepository(mongo.db);
    const ledger = new MongoLedgerRepository(mongo.db);
    const joinFailures = new MongoJoinFailureRepository(mongo.db);
    await Promise.all([activationCodes.ensureIndexes(), memberships.ensureIndexes(), ledger.ensureIndexes(), joinFailures.ensureIndexes()]);
    stores = { associations: new MongoAssociationRepository(mongo.db), activationCodes, memberships, ledger, joinFailures };
  } else {
    stores = memoryAssociationBillingStores();
  }
  const service = buildAssociationBillingService({
    ...stores,
    mailer: mailerFromSettings(config, wiring, 'low-balance emails'),
    log: wiring.logger,
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    lowBalanceThresholdCents: config.LOW_BALANCE_THRESHOLD_CENTS,
    alertPrices: { sms: config.ALERT_PRICE_SMS_CENTS, push: config.ALERT_PRICE_PUSH_CENTS, email: config.ALERT_PRICE_EMAIL_CENTS },
  });
  const subscriptions = await service.subscribe(wiring.bus, wiring.logger);
  wiring.lifecycle.onShutdown('event subscriptions', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });
  return { routes: service.routes, stores };
}
