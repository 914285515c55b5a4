export { buildMemberService, DEFAULT_LOGIN_TOKEN_TTL_MS } from './member-service.js';
export { MemoryLoginTokenRepository } from './adapters/memory/memory-login-token-repository.js';
export { nodeTokenSecrets } from './adapters/crypto/node-token-secrets.js';
export { MemoryMemberRepository } from './adapters/memory/memory-member-repository.js';
export type { Clock, LoginTokenRepository, MemberRepository, TokenSecrets } from './app/ports.js';
export { composeMemberService, type MemberConfig, type MemberStores } from './compose.js';
export { memberConfigShape } from './config.js';
