import { mongoSuite } from '@swarm/testing';
import { claimTokenUseRepositoryContract } from '../claim-token-use-repository.contract.js';
import { MongoClaimTokenUseRepository } from './mongo-claim-token-use-repository.js';

mongoSuite('ClaimTokenUseRepository contract: MongoDB', (newDatabase, target) => {
  claimTokenUseRepositoryContract(target.tier, async () => {
    const uses = new MongoClaimTokenUseRepository((await newDatabase()).db);
    await uses.ensureIndexes();
    return uses;
  });
});
