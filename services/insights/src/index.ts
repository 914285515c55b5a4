export { buildInsightsService } from './insights-service.js';
export { MemoryReportStatisticsRepository } from './adapters/memory/memory-report-statistics-repository.js';
export { MemoryUnservedDemandRepository } from './adapters/memory/memory-unserved-demand-repository.js';
export { MemoryMemberReachRepository } from './adapters/memory/memory-member-reach-repository.js';
export type { MemberReachRepository, ReportStatisticsRepository, UnservedDemandRepository } from './app/ports.js';
export { composeInsightsService, type InsightsConfig, type InsightsPeers, type InsightsStores } from './compose.js';
export { insightsConfigShape } from './config.js';
