import { mongoSuite } from '@swarm/testing';
import { activationCodeRepositoryContract } from '../activation-code-repository.contract.js';
import { MongoActivationCodeRepository } from './mongo-activation-code-repository.js';

mongoSuite('ActivationCodeRepository contract: MongoDB', (newDatabase, target) => {
  activationCodeRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const repository = new MongoActivationCodeRepository(db);
    await repository.ensureIndexes();
    return repository;
  });
});
