import { memberRepositoryContract } from '../member-repository.contract.js';
import { MemoryMemberRepository } from './memory-member-repository.js';

memberRepositoryContract('in-memory', async () => new MemoryMemberRepository());
