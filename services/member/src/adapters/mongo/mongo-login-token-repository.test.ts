import { mongoSuite } from '@swarm/testing';
import { loginTokenRepositoryContract } from '../login-token-repository.contract.js';
import { MongoLoginTokenRepository } from './mongo-login-token-repository.js';

mongoSuite('LoginTokenRepository contract: MongoDB', (newDatabase, target) => {
  loginTokenRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const tokens = new MongoLoginTokenRepository(db);
    await tokens.ensureIndexes();
    return tokens;
  });
});
