import { mongoSuite } from '@swarm/testing';
import { memberRepositoryContract } from '../member-repository.contract.js';
import { MongoMemberRepository } from './mongo-member-repository.js';

mongoSuite('MemberRepository contract: MongoDB', (newDatabase, target) => {
  if (!target.isRealMongo) console.warn('SKIPPED the geospatial MemberRepository tests: jongodb has no geo queries (set MONGODB_URL).');
  memberRepositoryContract(
    target.tier,
    async () => {
      const { db } = await newDatabase();
      const members = new MongoMemberRepository(db);
      await members.ensureIndexes();
      return members;
    },
    { geo: target.isRealMongo },
  );
});
