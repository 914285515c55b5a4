import { claimRecordRepositoryContract } from '../claim-record-repository.contract.js';
import { MemoryClaimRecordRepository } from './memory-claim-record-repository.js';

claimRecordRepositoryContract('in-memory', async () => new MemoryClaimRecordRepository());
