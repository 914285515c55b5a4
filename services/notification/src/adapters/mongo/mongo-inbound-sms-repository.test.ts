import { mongoSuite } from '@swarm/testing';
import { inboundSmsRepositoryContract } from '../inbound-sms-repository.contract.js';
import { MongoInboundSmsRepository } from './mongo-inbound-sms-repository.js';

mongoSuite('InboundSmsRepository contract: MongoDB', (newDatabase, target) => {
  inboundSmsRepositoryContract(target.tier, async () => {
    const messages = new MongoInboundSmsRepository((await newDatabase()).db);
    await messages.ensureIndexes();
    return messages;
  });
});
