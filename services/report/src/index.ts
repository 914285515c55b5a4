export { buildReportService } from './report-service.js';
export { MemoryReportRepository } from './adapters/memory/memory-report-repository.js';
export { MemoryImageStore } from './adapters/memory/memory-image-store.js';
export { SharpImageProcessor } from './adapters/sharp/sharp-image-processor.js';
export { RpcSwarmCoverage } from './adapters/rpc/rpc-swarm-coverage.js';
export type { ImageStore, ReportRepository, StoredImage, SwarmCoverage } from './app/ports.js';
export type { GeoPoint, ReportAssociation } from './domain/report.js';
export { composeReportService, type ReportConfig, type ReportPeers, type ReportStores } from './compose.js';
export { reportConfigShape } from './config.js';
