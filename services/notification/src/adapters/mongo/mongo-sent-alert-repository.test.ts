import { MongoOutbox } from '@swarm/runtime/mongo';
import { mongoSuite } from '@swarm/testing';
import { sentAlertRepositoryContract } from '../sent-alert-repository.contract.js';
import { MongoSentAlertRepository } from './mongo-sent-alert-repository.js';

mongoSuite('SentAlertRepository contract: MongoDB', (newDatabase, target) => {
  sentAlertRepositoryContract(target.tier, async () => {
    const { client, db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const sentAlerts = new MongoSentAlertRepository(client, db, outbox);
    await sentAlerts.ensureIndexes();
    return { sentAlerts, outbox };
  });
});
