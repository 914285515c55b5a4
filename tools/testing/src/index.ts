export {
  ensureBinary,
  ensureNats,
  ensureRedis,
  freePort,
  isListening,
  startJongodb,
  startNats,
  startRedis,
  waitUntil,
  type RestartableServer,
  type RunningServer,
} from '@swarm/launch/infrastructure';
export { mongoTarget, uniqueDatabaseName, type MongoTarget } from './mongo-target.js';
export { mongoSuite, type MongoSuiteOptions, type NewDatabase } from './mongo-suite.js';
export { testLogger } from './test-logger.js';
export { testNatsUrl, testRedisUrl, uniqueStreamName } from './test-env.js';
export { connectErrorOf } from './connect-error-of.js';
export { FakeTwilio, type TwilioRequest } from './fake-twilio.js';
export { plainPng } from './png.js';
export { startLocalServer, unreachableUrl, type RecordedRequest } from './local-http-server.js';
export {
  LocalPushService,
  type BrowserPushSubscription,
  type ForcedAnswer,
  type PushUrgency,
  type ReceivedPush,
  type RefusedPush,
} from './local-push-service.js';
export { selfSignedCertificate, type SelfSignedCertificate } from './self-signed-certificate.js';
export { verifyVapidAuthorization, VapidError, type VapidIdentity } from './vapid-token.js';
export { decryptPushMessage, PushDecryptionError, type DecryptedPushMessage, type UserAgentKeys } from './web-push-decryption.js';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedExport, type ReceivedSpan } from './otlp-receiver.js';
