import { HealthRegistry, LogMailer, createLogger, loadConfigOrExit, requireMongoUrl, runMain, secureRandomBelow, startRpcServer, systemClock, uuidIds } from '@swarm/runtime';
import { connectMongo } from '@swarm/runtime/mongo';
import type { Mailer } from './app/ports.js';
import { SmtpMailer } from '@swarm/runtime/smtp';
import { MongoActivationCodeRepository } from './adapters/mongo/mongo-activation-code-repository.js';
import { MongoAssociationRepository } from './adapters/mongo/mongo-association-repository.js';
import { MongoJoinFailureRepository } from './adapters/mongo/mongo-join-failure-repository.js';
import { MongoLedgerRepository } from './adapters/mongo/mongo-ledger-repository.js';
import { MongoMembershipRepository } from './adapters/mongo/mongo-membership-repository.js';
import { buildAssociationBillingService, memoryAssociationBillingStores, type AssociationBillingStores } from './association-billing-service.js';
import { associationBillingConfigShape } from './config.js';

const config = loadConfigOrExit(associationBillingConfigShape);
const logger = createLogger({ service: 'association-billing', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const health = new HealthRegistry();

  let stores: AssociationBillingStores;
  if (config.STORE === 'mongo') {
    const mongo = await connectMongo(requireMongoUrl(config), config.MONGODB_DATABASE);
    lifecycle.onShutdown('mongo', () => mongo.close());
    health.register('mongo', mongo.isHealthy);
    const activationCodes = new MongoActivationCodeRepository(mongo.db);
    const memberships = new MongoMembershipRepository(mongo.db);
    const ledger = new MongoLedgerRepository(mongo.db);
    const joinFailures = new MongoJoinFailureRepository(mongo.db);
    await Promise.all([activationCodes.ensureIndexes(), memberships.ensureIndexes(), ledger.ensureIndexes(), joinFailures.ensureIndexes()]);
    stores = { associations: new MongoAssociationRepository(mongo.db), activationCodes, memberships, ledger, joinFailures };
  } else {
    stores = memoryAssociationBillingStores();
  }

  let mailer: Mailer;
  if (config.SMTP_URL) {
    const smtp = new SmtpMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
    lifecycle.onShutdown('smtp', async () => smtp.close());
    mailer = smtp;
  } else {
    logger.warn('SMTP_URL is not set: low-balance emails are only logged');
    mailer = new LogMailer(logger);
  }

  const service = buildAssociationBillingService({
    ...stores,
    mailer,
    log: logger,
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    lowBalanceThresholdCents: config.LOW_BALANCE_THRESHOLD_CENTS,
  });
  const server = await startRpcServer({ port: config.PORT, routes: service.routes, health, logger, graceMs: config.SHUTDOWN_GRACE_MS });
  lifecycle.onShutdown('rpc server', () => server.close());
});
