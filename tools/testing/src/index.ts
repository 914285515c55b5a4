export { freePort, isListening, waitUntil } from './ports.js';
export { ensureBinary, ensureNats, ensureRedis, startJongodb, type RunningServer } from './infrastructure.js';
export { mongoTarget, reportSkippedWithoutRealMongo, uniqueDatabaseName, type MongoTarget } from './mongo-target.js';
export { mongoSuite, type NewDatabase } from './mongo-suite.js';
export { testLogger } from './test-logger.js';
export { testNatsUrl, testRedisUrl, uniqueStreamName } from './test-env.js';
