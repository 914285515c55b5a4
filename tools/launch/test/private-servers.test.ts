import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { AckPolicy, connect, StorageType } from 'nats';
import { afterEach, describe, expect, it } from 'vitest';
import { startNats, startRedis, type RestartableServer } from '../src/infrastructure.js';

/** appendfsync everysec: what was written more than this long before a crash is on disk. */
const FSYNC_PERIOD_MS = 1_000;

describe('the private servers the stack and the tests start', () => {
  const started: RestartableServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });

  it('keeps, in a Redis killed with SIGKILL and restarted, a key written more than a second before the kill', async () => {
    const redis = await startRedis();
    started.push(redis);
    const client = new Redis(redis.url, { maxRetriesPerRequest: null, lazyConnect: true });
    client.on('error', () => undefined);
    try {
      await client.connect();
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
      expect(await client.config('GET', 'appendfsync')).toEqual(['appendfsync', 'everysec']);
      expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      await client.set('pending-alert', 'report-1/member-1');
      await client.zadd('bull:alerts:delayed', Date.now() + 3_600_000, 'alert--report-1--member-1');
      // The contract of appendfsync everysec is about time: only what is older than one fsync period is promised.
      await new Promise((resolve) => setTimeout(resolve, FSYNC_PERIOD_MS + 200));

      const pid = redis.pid();
      await redis.kill('SIGKILL');
      await redis.restart();

      expect(redis.pid()).not.toBe(pid);
      expect(await client.get('pending-alert')).toBe('report-1/member-1');
      expect(await client.zrange('bull:alerts:delayed', 0, -1)).toEqual(['alert--report-1--member-1']);
    } finally {
      client.disconnect();
    }
  });

  it('keeps, in a NATS killed with SIGKILL and restarted, the JetStream stream, its messages and a durable consumer', async () => {
    const nats = await startNats();
    started.push(nats);
    const before = await connect({ servers: nats.url });
    const manager = await before.jetstreamManager();
    await manager.streams.add({ name: 'RESTART', subjects: ['restart.>'], storage: StorageType.File });
    await manager.consumers.add('RESTART', { durable_name: 'reader', ack_policy: AckPolicy.Explicit });
    const acknowledged = await before.jetstream().publish('restart.one', new TextEncoder().encode('kept'), { msgID: 'event-1' });
    expect(acknowledged.seq).toBe(1);
    await before.close();

    await nats.kill('SIGKILL');
    await nats.restart();

    const after = await connect({ servers: nats.url });
    try {
      const consumer = await after.jetstream().consumers.get('RESTART', 'reader');
      const message = await consumer.next({ expires: 5_000 });
      expect(message?.string()).toBe('kept');
      expect(message?.headers?.get('Nats-Msg-Id')).toBe('event-1');
    } finally {
      await after.close();
    }
  });

  it('restarts on the same port and data directory, and refuses to start a second process over a running one', async () => {
    const redis = await startRedis();
    started.push(redis);
    const { url, dataDir } = redis;
    await expect(redis.restart()).rejects.toThrow(/still running/);
    await redis.kill();
    await redis.restart();
    expect(redis.url).toBe(url);
    expect(existsSync(dataDir)).toBe(true);
    await redis.stop();
    expect(existsSync(dataDir)).toBe(false);
  });
});
