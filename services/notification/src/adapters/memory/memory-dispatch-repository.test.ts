import { dispatchRepositoryContract } from '../dispatch-repository.contract.js';
import { MemoryDispatchRepository } from './memory-dispatch-repository.js';

dispatchRepositoryContract('in-memory', async () => new MemoryDispatchRepository());
