import { mongoSuite } from '@swarm/testing';
import { joinFailureRepositoryContract } from '../join-failure-repository.contract.js';
import { MongoJoinFailureRepository } from './mongo-join-failure-repository.js';

mongoSuite('JoinFailureRepository contract: MongoDB', (newDatabase, target) => {
  joinFailureRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const repository = new MongoJoinFailureRepository(db);
    await repository.ensureIndexes();
    return repository;
  });
});
