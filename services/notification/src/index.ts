export { buildNotificationService } from './notification-service.js';
export { MemoryDispatchRepository } from './adapters/memory/memory-dispatch-repository.js';
export type { DispatchRepository } from './app/ports.js';
