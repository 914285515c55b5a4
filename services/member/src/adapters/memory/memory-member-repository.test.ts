import { MemoryOutbox } from '@swarm/runtime';
import { memberChangeContract, memberRepositoryContract } from '../member-repository.contract.js';
import { MemoryMemberRepository } from './memory-member-repository.js';

memberRepositoryContract('in-memory', async () => new MemoryMemberRepository(new MemoryOutbox()));
memberChangeContract('in-memory', async () => {
  const outbox = new MemoryOutbox();
  return { members: new MemoryMemberRepository(outbox), outbox };
});
