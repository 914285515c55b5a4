import { mongoSuite } from '@swarm/testing';
import { memberRepositoryContract } from '../member-repository.contract.js';
import { MongoMemberRepository } from './mongo-member-repository.js';

mongoSuite('MemberRepository contract: MongoDB', (newDatabase, target) => {
  memberRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const members = new MongoMemberRepository(db);
    await members.ensureIndexes();
    return members;
  });
});
