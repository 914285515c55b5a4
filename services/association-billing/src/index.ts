export {
  buildAssociationBillingService,
  DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
  memoryAssociationBillingStores,
  type AssociationBillingPorts,
  type AssociationBillingStores,
} from './association-billing-service.js';
export { MemoryAssociationRepository } from './adapters/memory/memory-association-repository.js';
export { MemoryActivationCodeRepository } from './adapters/memory/memory-activation-code-repository.js';
export { MemoryMembershipRepository } from './adapters/memory/memory-membership-repository.js';
export { MemoryLedgerRepository } from './adapters/memory/memory-ledger-repository.js';
export { MemoryJoinFailureRepository } from './adapters/memory/memory-join-failure-repository.js';
export { associationBillingConfigShape } from './config.js';
export type { ActivationCodeRepository, AssociationRepository, EmailMessage, LedgerRepository, Mailer, MembershipRepository } from './app/ports.js';
export { composeAssociationBillingService, type AssociationBillingConfig } from './compose.js';
