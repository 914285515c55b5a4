import { mongoSuite } from '@swarm/testing';
import { reportStatisticsRepositoryContract } from '../report-statistics-repository.contract.js';
import { MongoReportStatisticsRepository } from './mongo-report-statistics-repository.js';

mongoSuite('ReportStatisticsRepository contract: MongoDB', (newDatabase, target) => {
  reportStatisticsRepositoryContract(target.tier, async () => {
    const statistics = new MongoReportStatisticsRepository((await newDatabase()).db);
    await statistics.ensureIndexes();
    return statistics;
  });
});
