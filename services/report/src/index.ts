export { buildReportService } from './report-service.js';
export { MemoryReportRepository } from './adapters/memory/memory-report-repository.js';
export { MongoReportRepository } from './adapters/mongo/mongo-report-repository.js';
export type { ReportRepository } from './app/ports.js';
