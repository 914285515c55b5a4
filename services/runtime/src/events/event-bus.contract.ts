import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { continueTrace, currentTraceId } from '../tracing/trace-context.js';
import type { DeliveredEvent, EventBus } from './event-bus.js';

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function event(type = 'thing.happened', payload = 'hello') {
  return { id: randomUUID(), type, payload: new TextEncoder().encode(payload) };
}

/** The behaviour every EventBus adapter must have; run against each adapter with a fresh bus per test. */
export function eventBusContract(name: string, createBus: () => Promise<EventBus>): void {
  describe(`EventBus contract: ${name}`, () => {
    let bus: EventBus;
    beforeEach(async () => {
      bus = await createBus();
    });
    afterEach(async () => {
      await bus.close();
    });

    it('delivers a published event to a subscriber with its id, type and payload', async () => {
      const received: DeliveredEvent[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => {
        received.push(delivered);
      });
      const sent = event();
      await bus.publish(sent);
      await eventually(() => received.length === 1);
      expect(received[0]).toMatchObject({ id: sent.id, type: 'thing.happened', deliveryCount: 1 });
      expect(new TextDecoder().decode(received[0]?.payload)).toBe('hello');
    });

    it('runs the handler in the trace the event carries', async () => {
      const seen: (string | undefined)[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async () => {
        seen.push(currentTraceId());
      });
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      await bus.publish({ ...event(), traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
      // Published from outside any trace, the handler still runs in one of its own.
      await continueTrace(undefined, () => bus.publish(event()), { startIfAbsent: false });
      await eventually(() => seen.length === 2);
      expect(seen[0]).toBe(traceId);
      expect(seen[1]).toMatch(/^[0-9a-f]{32}$/);
      expect(seen[1]).not.toBe(traceId);
    });

    it('delivers the same event id only once when it is published twice', async () => {
      const received: string[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => {
        received.push(delivered.id);
      });
      const sent = event();
      await bus.publish(sent);
      await bus.publish(sent);
      const marker = event();
      await bus.publish(marker);
      await eventually(() => received.includes(marker.id));
      expect(received.filter((id) => id === sent.id)).toHaveLength(1);
    });

    it('serves each consumer name once and every consumer name separately', async () => {
      const byConsumer: Record<string, string[]> = { first: [], second: [] };
      await bus.subscribe('first', 'thing.happened', async (delivered) => void byConsumer.first?.push(delivered.id));
      await bus.subscribe('second', 'thing.happened', async (delivered) => void byConsumer.second?.push(delivered.id));
      const sent = event();
      await bus.publish(sent);
      await eventually(() => byConsumer.first?.length === 1 && byConsumer.second?.length === 1);
      await settle(100);
      expect(byConsumer).toEqual({ first: [sent.id], second: [sent.id] });
    });

    it('does not deliver events of another type', async () => {
      const received: string[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => void received.push(delivered.type));
      await bus.publish(event('other.happened'));
      const marker = event();
      await bus.publish(marker);
      await eventually(() => received.length >= 1);
      expect(received).toEqual(['thing.happened']);
    });

    it('delivers an event again after its handler failed, with a higher delivery count', async () => {
      const deliveries: number[] = [];
      await bus.subscribe('consumer-a', 'thing.happened', async (delivered) => {
        deliveries.push(delivered.deliveryCount);
        if (delivered.deliveryCount === 1) throw new Error('transient failure');
      });
      await bus.publish(event());
      await eventually(() => deliveries.length === 2, 15_000);
      expect(deliveries).toEqual([1, 2]);
    });

    it('delivers events published before the consumer first subscribed', async () => {
      const sent = event();
      const received: string[] = [];
      // A durable consumer's position starts at the stream's beginning: nothing published before it is lost.
      await bus.publish(sent);
      await bus.subscribe('late-consumer', 'thing.happened', async (delivered) => void received.push(delivered.id));
      await eventually(() => received.length === 1);
      expect(received).toEqual([sent.id]);
    });

    it('waits for the event in hand when a subscription stops', async () => {
      let finished = false;
      let started = false;
      const subscription = await bus.subscribe('consumer-a', 'thing.happened', async () => {
        started = true;
        await settle(200);
        finished = true;
      });
      await bus.publish(event());
      await eventually(() => started);
      await subscription.stop();
      expect(finished).toBe(true);
    });

    it('reports itself healthy while connected', async () => {
      await expect(bus.isHealthy()).resolves.toBe(true);
    });
  });
}
