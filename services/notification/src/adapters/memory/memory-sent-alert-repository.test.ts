import { MemoryOutbox } from '@swarm/runtime';
import { sentAlertRepositoryContract } from '../sent-alert-repository.contract.js';
import { MemorySentAlertRepository } from './memory-sent-alert-repository.js';

sentAlertRepositoryContract('in-memory', async () => {
  const outbox = new MemoryOutbox();
  return { sentAlerts: new MemorySentAlertRepository(outbox), outbox };
});
