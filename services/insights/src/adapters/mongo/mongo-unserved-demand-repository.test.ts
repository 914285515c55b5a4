import { mongoSuite } from '@swarm/testing';
import { unservedDemandRepositoryContract } from '../unserved-demand-repository.contract.js';
import { MongoUnservedDemandRepository } from './mongo-unserved-demand-repository.js';

mongoSuite('UnservedDemandRepository contract: MongoDB', (newDatabase, target) => {
  unservedDemandRepositoryContract(target.tier, async () => {
    const unserved = new MongoUnservedDemandRepository((await newDatabase()).db);
    await unserved.ensureIndexes();
    return unserved;
  });
});
