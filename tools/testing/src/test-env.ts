import { randomUUID } from 'node:crypto';

export function testNatsUrl(): string {
  const url = process.env.SWARM_TEST_NATS_URL;
  if (!url) throw new Error('SWARM_TEST_NATS_URL is not set: run the tests through the root vitest config (npm test)');
  return url;
}

export function testRedisUrl(): string {
  const url = process.env.SWARM_TEST_REDIS_URL;
  if (!url) throw new Error('SWARM_TEST_REDIS_URL is not set: run the tests through the root vitest config (npm test)');
  return url;
}

/** A JetStream stream and subject prefix of the test's own, so runs never see each other's events. */
export function uniqueStreamName(): { stream: string; subjectPrefix: string } {
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
  return { stream: `TEST_${suffix}`, subjectPrefix: `test_${suffix}.events` };
}
