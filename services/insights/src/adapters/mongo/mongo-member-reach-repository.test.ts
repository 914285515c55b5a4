import { mongoSuite } from '@swarm/testing';
import { memberReachRepositoryContract } from '../member-reach-repository.contract.js';
import { MongoMemberReachRepository } from './mongo-member-reach-repository.js';

mongoSuite('MemberReachRepository contract: MongoDB', (newDatabase, target) => {
  memberReachRepositoryContract(target.tier, async () => new MongoMemberReachRepository((await newDatabase()).db));
});
