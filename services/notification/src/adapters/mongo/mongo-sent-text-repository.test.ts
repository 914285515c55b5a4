import { mongoSuite } from '@swarm/testing';
import { sentTextRepositoryContract } from '../sent-text-repository.contract.js';
import { MongoSentTextRepository } from './mongo-sent-text-repository.js';

mongoSuite('SentTextRepository contract: MongoDB', (newDatabase, target) => {
  sentTextRepositoryContract(target.tier, async () => {
    const texts = new MongoSentTextRepository((await newDatabase()).db);
    await texts.ensureIndexes();
    return texts;
  });
});
