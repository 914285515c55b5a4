import { mongoSuite } from '@swarm/testing';
import { ledgerRepositoryContract } from '../ledger-repository.contract.js';
import { MongoLedgerRepository } from './mongo-ledger-repository.js';

mongoSuite('LedgerRepository contract: MongoDB', (newDatabase, target) => {
  ledgerRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const repository = new MongoLedgerRepository(db);
    await repository.ensureIndexes();
    return repository;
  });
});
