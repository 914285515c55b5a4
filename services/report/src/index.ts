export { buildReportService } from './report-service.js';
export { MemoryReportRepository } from './adapters/memory/memory-report-repository.js';
export { MongoReportRepository } from './adapters/mongo/mongo-report-repository.js';
export { MemoryImageStore } from './adapters/memory/memory-image-store.js';
export { MongoImageStore } from './adapters/mongo/mongo-image-store.js';
export { SharpImageProcessor } from './adapters/sharp/sharp-image-processor.js';
export { RpcSwarmCoverage } from './adapters/rpc/rpc-swarm-coverage.js';
export type { ImageStore, ReportRepository, StoredImage, SwarmCoverage } from './app/ports.js';
export type { GeoPoint, ReportAssociation } from './domain/report.js';
