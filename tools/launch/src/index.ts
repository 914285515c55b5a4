export { startEmbedded, type EmbeddedProduct } from './embedded.js';
export { startStack, STACK_SERVICES, type RunningStack, type StackOptions, type StackProcessName } from './stack.js';
export { ensureBinary, ensureNats, ensureRedis, startJongodb, startNats, startRedis, type RestartableServer, type RunningServer } from './infrastructure.js';
export { freePort, isListening, waitUntil } from './ports.js';
