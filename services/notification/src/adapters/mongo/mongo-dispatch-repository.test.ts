import { mongoSuite } from '@swarm/testing';
import { dispatchRepositoryContract } from '../dispatch-repository.contract.js';
import { MongoDispatchRepository } from './mongo-dispatch-repository.js';

mongoSuite('DispatchRepository contract: MongoDB', (newDatabase, target) => {
  dispatchRepositoryContract(target.tier, async () => {
    const dispatches = new MongoDispatchRepository((await newDatabase()).db);
    await dispatches.ensureIndexes();
    return dispatches;
  });
});
