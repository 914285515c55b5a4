import { describe, expect, it } from 'vitest';
import { containerRuntimeAnswers, pickServer, type ServerSources } from './server-tiers.js';

function sources(overrides: Partial<ServerSources> = {}): ServerSources & { started: string[] } {
  const started: string[] = [];
  return {
    started,
    fromEnvironment: undefined,
    containerRuntime: async () => false,
    startContainer: async () => {
      started.push('container');
      return { url: 'container://', stop: async () => undefined, description: 'a container' };
    },
    startLocal: async () => {
      started.push('local');
      return { url: 'local://', stop: async () => undefined, description: 'this machine' };
    },
    ...overrides,
  };
}

describe('picking a test server', () => {
  it('takes the URL from the environment first, starting nothing', async () => {
    const given = sources({ fromEnvironment: 'env://', containerRuntime: async () => true });
    expect(await pickServer('Redis', given)).toMatchObject({ url: 'env://', tier: 'environment' });
    expect(given.started).toEqual([]);
  });

  it('starts the real image in a container when a container runtime answers', async () => {
    const given = sources({ containerRuntime: async () => true });
    expect(await pickServer('Redis', given)).toMatchObject({ url: 'container://', tier: 'testcontainers' });
    expect(given.started).toEqual(['container']);
  });

  it('uses this machine when no container runtime answers', async () => {
    const given = sources();
    expect(await pickServer('Redis', given)).toMatchObject({ url: 'local://', tier: 'local' });
    expect(given.started).toEqual(['local']);
  });

  it('falls back to this machine, saying why, when the container does not start (no image offline)', async () => {
    const told: string[] = [];
    const given = sources({
      containerRuntime: async () => true,
      startContainer: async () => {
        throw new Error('pull access denied');
      },
      onFallback: (message) => told.push(message),
    });
    expect(await pickServer('MongoDB', given)).toMatchObject({ tier: 'local' });
    expect(told).toEqual(['MongoDB: the container did not start (pull access denied); using the local one']);
  });

  it('finds no container runtime on a machine without one, so the global set-up took the local tier', async () => {
    const answers = await containerRuntimeAnswers();
    if (answers) {
      console.log('A container runtime answers here: the global set-up started the real images.');
      expect(process.env.SWARM_TEST_MONGODB_REAL === 'true' || Boolean(process.env.MONGODB_URL)).toBe(true);
    } else {
      expect(process.env.MONGODB_URL || process.env.SWARM_TEST_MONGODB_REAL === 'false').toBeTruthy();
    }
  });
});
