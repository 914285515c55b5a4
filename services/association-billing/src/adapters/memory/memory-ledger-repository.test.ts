import { ledgerRepositoryContract } from '../ledger-repository.contract.js';
import { MemoryLedgerRepository } from './memory-ledger-repository.js';

ledgerRepositoryContract('in-memory', async () => new MemoryLedgerRepository());
