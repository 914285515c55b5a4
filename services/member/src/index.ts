export { buildMemberService } from './member-service.js';
export { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
export { MongoMemberRepository } from './adapters/mongo/mongo-member-repository.js';
export type { MemberRepository } from './app/ports.js';
