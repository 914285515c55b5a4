import { ensureNats, ensureRedis, startJongodb, type RunningServer } from '@swarm/launch/infrastructure';

/**
 * Started once per `vitest run`: the real NATS JetStream and Redis (the machine's, or private ones when they are not
 * running), and a MongoDB-compatible server unless MONGODB_URL points at a real MongoDB.
 * Their addresses reach the test workers and the processes tests spawn through environment variables.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const started: RunningServer[] = [];
  const nats = await ensureNats();
  started.push(nats);
  process.env.SWARM_TEST_NATS_URL = nats.url;
  const redis = await ensureRedis();
  started.push(redis);
  process.env.SWARM_TEST_REDIS_URL = redis.url;
  if (process.env.MONGODB_URL) {
    console.log(`Mongo adapter tests run against MongoDB at MONGODB_URL.`);
  } else {
    const jongodb = await startJongodb();
    started.push(jongodb);
    process.env.SWARM_TEST_JONGODB_URL = jongodb.url;
    console.log(
      'MONGODB_URL is not set: Mongo adapter tests run against the MongoDB-compatible server (jongodb); tests that need a real MongoDB are skipped.',
    );
  }
  return async () => {
    await Promise.allSettled(started.reverse().map((server) => server.stop()));
  };
}
