import { MongoOutbox } from '@swarm/runtime/mongo';
import { mongoSuite } from '@swarm/testing';
import { reportRepositoryContract } from '../report-repository.contract.js';
import { MongoReportRepository } from './mongo-report-repository.js';

mongoSuite('ReportRepository contract: MongoDB', (newDatabase, target) => {
  reportRepositoryContract(target.tier, async () => {
    const { client, db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const reports = new MongoReportRepository(client, db, outbox);
    await reports.ensureIndexes();
    return { reports, outbox };
  });
});
