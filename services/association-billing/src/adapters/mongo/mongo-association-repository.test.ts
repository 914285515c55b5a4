import { mongoSuite } from '@swarm/testing';
import { associationRepositoryContract } from '../association-repository.contract.js';
import { MongoAssociationRepository } from './mongo-association-repository.js';

mongoSuite('AssociationRepository contract: MongoDB', (newDatabase, target) => {
  associationRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    return new MongoAssociationRepository(db);
  });
});
