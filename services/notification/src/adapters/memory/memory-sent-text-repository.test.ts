import { sentTextRepositoryContract } from '../sent-text-repository.contract.js';
import { MemorySentTextRepository } from './memory-sent-text-repository.js';

sentTextRepositoryContract('in-memory', async () => new MemorySentTextRepository());
