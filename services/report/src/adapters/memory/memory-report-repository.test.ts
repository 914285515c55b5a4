import { MemoryOutbox } from '@swarm/runtime';
import { reportRepositoryContract } from '../report-repository.contract.js';
import { MemoryReportRepository } from './memory-report-repository.js';

reportRepositoryContract('in-memory', async () => {
  const outbox = new MemoryOutbox();
  return { reports: new MemoryReportRepository(outbox), outbox };
});
