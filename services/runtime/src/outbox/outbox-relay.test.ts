import { testLogger, waitUntil } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import type { EventBus, EventMessage } from '../events/event-bus.js';
import { InProcessEventBus } from '../events/in-process-event-bus.js';
import { MemoryOutbox } from './memory-outbox.js';
import { OutboxRelay } from './outbox.js';

const message = (id: string, at: number) => ({ id, type: 'thing.happened', payload: new Uint8Array([1]), createdAt: new Date(at) });

/** A bus that refuses to publish while `down` is true, like NATS during an outage. */
class FlakyBus extends InProcessEventBus {
  down = false;
  published: string[] = [];
  override async publish(event: EventMessage): Promise<void> {
    if (this.down) throw new Error('nats unavailable');
    this.published.push(event.id);
    await super.publish(event);
  }
}

describe('OutboxRelay', () => {
  it('publishes pending messages oldest first and marks them published', async () => {
    const outbox = new MemoryOutbox();
    outbox.append([message('b', 2), message('a', 1)]);
    const bus = new FlakyBus(testLogger());
    await new OutboxRelay(outbox, bus, testLogger()).drain();
    expect(bus.published).toEqual(['a', 'b']);
    expect(await outbox.pending(10)).toEqual([]);
  });

  it('keeps messages while the bus is down and publishes them when it is back', async () => {
    const outbox = new MemoryOutbox();
    const bus = new FlakyBus(testLogger());
    bus.down = true;
    const relay = new OutboxRelay(outbox, bus as EventBus, testLogger(), { pollIntervalMs: 20 });
    relay.start();
    outbox.append([message('kept', 1)]);
    relay.notify();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await outbox.pending(10)).map((pending) => pending.id)).toEqual(['kept']);
    bus.down = false;
    await waitUntil(async () => (await outbox.pending(10)).length === 0, 2_000, 'the outbox to drain');
    await relay.stop();
    expect(bus.published).toEqual(['kept']);
  });
});
