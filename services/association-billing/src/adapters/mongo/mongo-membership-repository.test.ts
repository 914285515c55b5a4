import { mongoSuite } from '@swarm/testing';
import { membershipRepositoryContract } from '../membership-repository.contract.js';
import { MongoMembershipRepository } from './mongo-membership-repository.js';

mongoSuite('MembershipRepository contract: MongoDB', (newDatabase, target) => {
  membershipRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const repository = new MongoMembershipRepository(db);
    await repository.ensureIndexes();
    return repository;
  });
});
