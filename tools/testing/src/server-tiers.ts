import { ensureNats, ensureRedis, startJongodb, type RunningServer } from '@swarm/launch/infrastructure';

/**
 * Where a test server comes from, in the order they are tried: a URL the developer gave, a container of the real
 * image when a container runtime answers (a laptop or CI with Docker), else what this machine has (a running server
 * on the usual port, or the Debian binary, or jongodb for MongoDB).
 */
export type ServerTier = 'environment' | 'testcontainers' | 'local';

export type PickedServer = RunningServer & { tier: ServerTier; description: string };

export type ServerSources = {
  /** The URL from the environment, when the developer set one. */
  fromEnvironment: string | undefined;
  /** Whether a container runtime answers. */
  containerRuntime: () => Promise<boolean>;
  startContainer: () => Promise<RunningServer & { description: string }>;
  startLocal: () => Promise<RunningServer & { description: string }>;
  /** Told when a tier was tried and given up, and why. */
  onFallback?: (message: string) => void;
};

export async function pickServer(name: string, sources: ServerSources): Promise<PickedServer> {
  if (sources.fromEnvironment) {
    return { url: sources.fromEnvironment, stop: async () => undefined, tier: 'environment', description: `${name} from the environment` };
  }
  if (await sources.containerRuntime()) {
    try {
      return { ...(await sources.startContainer()), tier: 'testcontainers' };
    } catch (error) {
      sources.onFallback?.(`${name}: the container did not start (${error instanceof Error ? error.message : String(error)}); using the local one`);
    }
  }
  return { ...(await sources.startLocal()), tier: 'local' };
}

/** Whether testcontainers finds a Docker-compatible runtime (it looks at DOCKER_HOST, the socket, Podman…). */
export async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export const MONGODB_IMAGE = 'mongo:8';
export const NATS_IMAGE = 'nats:2.10';
export const REDIS_IMAGE = 'redis:7';

/** NATS with JetStream: the URL in TEST_NATS_URL, a nats:2.10 container, or the machine's. */
export function pickNats(onFallback?: (message: string) => void): Promise<PickedServer> {
  return pickServer('NATS', {
    fromEnvironment: process.env.TEST_NATS_URL,
    containerRuntime: containerRuntimeAnswers,
    onFallback,
    startContainer: async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(NATS_IMAGE).withCommand(['-js']).withExposedPorts(4222).withWaitStrategy(Wait.forLogMessage(/Server is ready/)).start();
      return {
        url: `nats://${container.getHost()}:${container.getMappedPort(4222)}`,
        stop: async () => void (await container.stop()),
        description: `a ${NATS_IMAGE} container`,
      };
    },
    startLocal: async () => ({ ...(await ensureNats()), description: 'nats-server on this machine' }),
  });
}

/** Redis: the URL in TEST_REDIS_URL, a redis:7 container, or the machine's. */
export function pickRedis(onFallback?: (message: string) => void): Promise<PickedServer> {
  return pickServer('Redis', {
    fromEnvironment: process.env.TEST_REDIS_URL,
    containerRuntime: containerRuntimeAnswers,
    onFallback,
    startContainer: async () => {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(REDIS_IMAGE)
        .withCommand(['redis-server', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'])
        .withExposedPorts(6379)
        .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
        .start();
      return { url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`, stop: async () => void (await container.stop()), description: `a ${REDIS_IMAGE} container` };
    },
    startLocal: async () => ({ ...(await ensureRedis()), description: 'redis-server on this machine' }),
  });
}

/** MongoDB: MONGODB_URL, a mongo:8 single-node replica set in a container, or jongodb (MongoDB-compatible). */
export function pickMongo(onFallback?: (message: string) => void): Promise<PickedServer> {
  return pickServer('MongoDB', {
    fromEnvironment: process.env.MONGODB_URL,
    containerRuntime: containerRuntimeAnswers,
    onFallback,
    startContainer: async () => {
      const { MongoDBContainer } = await import('@testcontainers/mongodb');
      const container = await new MongoDBContainer(MONGODB_IMAGE).start();
      return { url: container.getConnectionString(), stop: async () => void (await container.stop()), description: `a ${MONGODB_IMAGE} single-node replica set container` };
    },
    startLocal: async () => ({ ...(await startJongodb()), description: 'jongodb, a MongoDB-compatible server' }),
  });
}
