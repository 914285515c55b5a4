import { unservedDemandRepositoryContract } from '../unserved-demand-repository.contract.js';
import { MemoryUnservedDemandRepository } from './memory-unserved-demand-repository.js';

unservedDemandRepositoryContract('in-memory', async () => new MemoryUnservedDemandRepository());
