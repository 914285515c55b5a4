import { membershipRepositoryContract } from '../membership-repository.contract.js';
import { MemoryMembershipRepository } from './memory-membership-repository.js';

membershipRepositoryContract('in-memory', async () => new MemoryMembershipRepository());
