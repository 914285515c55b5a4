import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { startNats, testLogger, testNatsUrl, uniqueStreamName, waitUntil } from '@swarm/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { eventBusContract } from '../event-bus.contract.js';
import { NatsEventBus } from './nats-event-bus.js';

const streams: string[] = [];

eventBusContract('NATS JetStream', async () => {
  const { stream, subjectPrefix } = uniqueStreamName();
  streams.push(stream);
  return NatsEventBus.connect({ servers: testNatsUrl(), connectionName: 'contract-test', stream, subjectPrefix, ackWaitMs: 2_000, logger: testLogger() });
});

afterAll(async () => {
  const connection = await connect({ servers: testNatsUrl() });
  const manager = await connection.jetstreamManager();
  await Promise.allSettled(streams.map((stream) => manager.streams.delete(stream)));
  await connection.close();
});

describe('NatsEventBus when NATS is away', () => {
  const event = () => ({ id: randomUUID(), type: 'thing.happened', payload: new TextEncoder().encode('hello') });

  it('starts without NATS, refuses to publish until NATS is up, then delivers to the subscriptions made meanwhile', { timeout: 30_000 }, async () => {
    const nats = await startNats();
    await nats.kill('SIGKILL');
    const bus = await NatsEventBus.connect({ servers: nats.url, connectionName: 'started-without-nats', ackWaitMs: 2_000, logger: testLogger() });
    try {
      const received: string[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => void received.push(delivered.id));
      expect(await bus.isHealthy()).toBe(false);
      await expect(bus.publish(event())).rejects.toThrow();

      await nats.restart();
      const sent = event();
      await waitUntil(() => bus.publish(sent).then(() => true, () => false), 15_000, 'a publish once NATS is up');
      await waitUntil(() => received.includes(sent.id), 15_000, 'the event delivered to the subscription made before NATS was up');
      expect(await bus.isHealthy()).toBe(true);
    } finally {
      await bus.close();
      await nats.stop();
    }
  });

  it('goes on consuming through its durable consumers after NATS was killed and restarted', { timeout: 30_000 }, async () => {
    const nats = await startNats();
    const bus = await NatsEventBus.connect({ servers: nats.url, connectionName: 'nats-restarted', ackWaitMs: 2_000, logger: testLogger() });
    try {
      const received: string[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => void received.push(delivered.id));
      const before = event();
      await bus.publish(before);
      await waitUntil(() => received.includes(before.id), 10_000, 'the event before the restart');

      await nats.kill('SIGKILL');
      await nats.restart();
      const after = event();
      await waitUntil(() => bus.publish(after).then(() => true, () => false), 15_000, 'a publish after the restart');
      await waitUntil(() => received.includes(after.id), 15_000, 'the event after the restart');
      // The server may lose an acknowledgement it got just before it was killed and deliver that event again:
      // delivery is at least once, handlers are idempotent.
      expect([...new Set(received)]).toEqual([before.id, after.id]);
    } finally {
      await bus.close();
      await nats.stop();
    }
  });
});

describe('NatsEventBus in several replicas of one service', () => {
  it('hands each event to one replica, which holds only what it is handling: slow handlers see no redelivery and share the work', { timeout: 30_000 }, async () => {
    const { stream, subjectPrefix } = uniqueStreamName();
    streams.push(stream);
    const connectReplica = (name: string) => NatsEventBus.connect({ servers: testNatsUrl(), connectionName: name, stream, subjectPrefix, ackWaitMs: 1_000, logger: testLogger() });
    const replicas = [await connectReplica('replica-a'), await connectReplica('replica-b')];
    try {
      const handled: { replica: number; id: string; deliveryCount: number }[] = [];
      for (const [replica, bus] of replicas.entries()) {
        await bus.subscribe('shared-consumer', 'thing.happened', async (delivered) => {
          handled.push({ replica, id: delivered.id, deliveryCount: delivered.deliveryCount });
          // A handler that calls other services: ten of them in a row outlast the acknowledgement wait.
          await new Promise((resolve) => setTimeout(resolve, 200));
        });
      }
      const publisher = replicas[0] as NatsEventBus;
      const ids = Array.from({ length: 10 }, () => randomUUID());
      for (const id of ids) await publisher.publish({ id, type: 'thing.happened', payload: new TextEncoder().encode(id) });

      await waitUntil(() => new Set(handled.map((entry) => entry.id)).size === ids.length, 15_000, 'every event handled');
      // Long enough for an event held past its acknowledgement wait to come again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(handled.map((entry) => entry.id).sort()).toEqual([...ids].sort());
      expect(handled.filter((entry) => entry.deliveryCount > 1)).toEqual([]);
      expect(new Set(handled.map((entry) => entry.replica))).toEqual(new Set([0, 1]));
    } finally {
      await Promise.all(replicas.map((bus) => bus.close()));
    }
  });
});
