import { mongoSuite } from '@swarm/testing';
import { dispatchRepositoryContract } from '../dispatch-repository.contract.js';
import { MongoDispatchRepository } from './mongo-dispatch-repository.js';

mongoSuite('DispatchRepository contract: MongoDB', (newDatabase, target) => {
  dispatchRepositoryContract(target.tier, async () => new MongoDispatchRepository((await newDatabase()).db));
});
