import { memberReachRepositoryContract } from '../member-reach-repository.contract.js';
import { MemoryMemberReachRepository } from './memory-member-reach-repository.js';

memberReachRepositoryContract('in-memory', async () => new MemoryMemberReachRepository());
