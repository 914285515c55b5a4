import { mongoSuite, testLogger } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import type { EventMessage } from '../events/event-bus.js';
import { InProcessEventBus } from '../events/in-process-event-bus.js';
import { OutboxRelay } from '../outbox/outbox.js';
import { MongoOutbox } from './mongo-outbox.js';

const message = (index: number) => ({ id: `event-${index}`, type: 'thing.happened', payload: new Uint8Array([index % 256]), createdAt: new Date(1_000 + index) });

/** A bus that counts every publish of each event id, and takes a moment over each, as NATS does. */
class CountingBus extends InProcessEventBus {
  readonly published = new Map<string, number>();
  override async publish(event: EventMessage): Promise<void> {
    this.published.set(event.id, (this.published.get(event.id) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

mongoSuite('MongoOutbox', (newDatabase, target) => {
  describe(`MongoOutbox: ${target.tier}`, () => {
    it('publishes each entry once when several relays (replicas of a service) drain it at the same time', async () => {
      const { db } = await newDatabase();
      const outboxes = [new MongoOutbox(db), new MongoOutbox(db), new MongoOutbox(db)];
      await outboxes[0]!.ensureIndexes();
      await outboxes[0]!.appendIfAbsent(Array.from({ length: 150 }, (_, index) => message(index)));
      const bus = new CountingBus(testLogger());
      await Promise.all(outboxes.map((outbox) => new OutboxRelay(outbox, bus, testLogger(), { pollIntervalMs: 1_000, batchSize: 10 }).drain()));
      expect(bus.published.size).toBe(150);
      expect([...bus.published.values()].filter((count) => count !== 1)).toEqual([]);
      expect(await outboxes[1]!.pending(10)).toEqual([]);
    });

    it('keeps the trace an event was written in, and the backlog an operator watches', async () => {
      const { db } = await newDatabase();
      const outbox = new MongoOutbox(db);
      await outbox.ensureIndexes();
      const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
      expect(await outbox.backlog()).toEqual({ pending: 0, oldestCreatedAt: null });
      await outbox.appendIfAbsent([{ ...message(1), traceparent }, message(2)]);
      expect(await outbox.backlog()).toEqual({ pending: 2, oldestCreatedAt: message(1).createdAt });
      const [traced, untraced] = await outbox.pending(10);
      expect(traced).toMatchObject({ id: 'event-1', traceparent });
      expect(untraced).not.toHaveProperty('traceparent');
      await outbox.markPublished(['event-1']);
      expect(await outbox.backlog()).toEqual({ pending: 1, oldestCreatedAt: message(2).createdAt });
    });

    it('leaves entries another relay holds, and takes them once that relay’s lease has run out (it died)', async () => {
      const { db } = await newDatabase();
      let now = new Date('2026-06-01T12:00:00Z');
      const dying = new MongoOutbox(db, { leaseMs: 30_000, now: () => now });
      const survivor = new MongoOutbox(db, { leaseMs: 30_000, now: () => now });
      await dying.ensureIndexes();
      await dying.appendIfAbsent([message(1), message(2)]);
      expect((await dying.pending(10)).map((taken) => taken.id)).toEqual(['event-1', 'event-2']);
      expect(await survivor.pending(10)).toEqual([]);
      now = new Date(now.getTime() + 30_001);
      expect((await survivor.pending(10)).map((taken) => taken.id)).toEqual(['event-1', 'event-2']);
    });

    it('lets a relay take back at once the entries it holds after a failed publish', async () => {
      const { db } = await newDatabase();
      const outbox = new MongoOutbox(db);
      await outbox.ensureIndexes();
      await outbox.appendIfAbsent([message(1)]);
      expect((await outbox.pending(10)).map((taken) => taken.id)).toEqual(['event-1']);
      expect((await outbox.pending(10)).map((taken) => taken.id)).toEqual(['event-1']);
      await outbox.markPublished(['event-1']);
      expect(await outbox.pending(10)).toEqual([]);
    });
  });
});
