export { buildAssociationBillingService } from './association-billing-service.js';
export { MemoryAssociationRepository } from './adapters/memory/memory-association-repository.js';
export { MongoAssociationRepository } from './adapters/mongo/mongo-association-repository.js';
export type { AssociationRepository } from './app/ports.js';
