import { joinFailureRepositoryContract } from '../join-failure-repository.contract.js';
import { MemoryJoinFailureRepository } from './memory-join-failure-repository.js';

joinFailureRepositoryContract('in-memory', async () => new MemoryJoinFailureRepository());
