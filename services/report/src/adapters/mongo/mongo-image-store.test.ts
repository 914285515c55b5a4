import { mongoSuite } from '@swarm/testing';
import { imageStoreContract } from '../image-store.contract.js';
import { MongoImageStore } from './mongo-image-store.js';

mongoSuite('ImageStore contract: MongoDB', (newDatabase, target) => {
  imageStoreContract(target.tier, async () => new MongoImageStore((await newDatabase()).db));
});
