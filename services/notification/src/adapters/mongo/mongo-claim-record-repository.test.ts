import { mongoSuite } from '@swarm/testing';
import { claimRecordRepositoryContract } from '../claim-record-repository.contract.js';
import { MongoClaimRecordRepository } from './mongo-claim-record-repository.js';

mongoSuite('ClaimRecordRepository contract: MongoDB', (newDatabase, target) => {
  claimRecordRepositoryContract(target.tier, async () => {
    const claims = new MongoClaimRecordRepository((await newDatabase()).db);
    await claims.ensureIndexes();
    return claims;
  });
});
