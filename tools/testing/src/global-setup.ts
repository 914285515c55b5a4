import { pickMongo, pickNats, pickRedis, type PickedServer } from './server-tiers.js';

/**
 * Started once per `vitest run`: NATS with JetStream, Redis and MongoDB, each from the first source that has it — a URL
 * in the environment (TEST_NATS_URL, TEST_REDIS_URL, MONGODB_URL), a container of the real image when a container
 * runtime answers, or this machine (its running server, a private Debian binary, jongodb for MongoDB). The output
 * names the tier each came from. Their addresses reach the test workers and the processes tests spawn through
 * environment variables.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const started: PickedServer[] = [];
  const fallback = (message: string) => console.warn(message);
  const nats = await pickNats(fallback);
  started.push(nats);
  process.env.SWARM_TEST_NATS_URL = nats.url;
  const redis = await pickRedis(fallback);
  started.push(redis);
  process.env.SWARM_TEST_REDIS_URL = redis.url;
  const mongo = await pickMongo(fallback);
  started.push(mongo);
  process.env.SWARM_TEST_MONGODB_URL = mongo.url;
  process.env.SWARM_TEST_MONGODB_REAL = mongo.description.startsWith('jongodb') ? 'false' : 'true';
  console.log(`Test servers: NATS ${nats.tier} (${nats.description}); Redis ${redis.tier} (${redis.description}); MongoDB ${mongo.tier} (${mongo.description}).`);
  if (process.env.SWARM_TEST_MONGODB_REAL === 'false') {
    console.log('Mongo adapter tests run against the MongoDB-compatible server (jongodb); tests that need a real MongoDB are skipped.');
  }
  return async () => {
    await Promise.allSettled(started.reverse().map((server) => server.stop()));
  };
}
