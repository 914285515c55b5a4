import { reportStatisticsRepositoryContract } from '../report-statistics-repository.contract.js';
import { MemoryReportStatisticsRepository } from './memory-report-statistics-repository.js';

reportStatisticsRepositoryContract('in-memory', async () => new MemoryReportStatisticsRepository());
