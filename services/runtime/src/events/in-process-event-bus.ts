import type { Logger } from '../logger.js';
import { redeliveryDelayMs, type EventBus, type EventHandler, type EventMessage, type Subscription } from './event-bus.js';
import { openTrace } from '../tracing/trace-context.js';
import { eventSpan } from './event-span.js';

/** How long a published id is remembered for deduplication, as NATS JetStream's default duplicate window. */
const DUPLICATE_WINDOW_MS = 120_000;

type Consumer = { name: string; handler: EventHandler; stopped: boolean; inFlight: Set<Promise<void>>; timers: Set<NodeJS.Timeout> };

/**
 * The event bus of the embedded mode: same contract as JetStream (dedup by id, at-least-once with redelivery after a
 * failed handler, each consumer name served once), within one process and without persistence.
 */
export class InProcessEventBus implements EventBus {
  private readonly consumersByType = new Map<string, Map<string, Consumer>>();
  private readonly recentIds = new Map<string, number>();
  private readonly backlog = new Map<string, EventMessage[]>();

  constructor(private readonly logger: Logger) {}

  async publish(event: EventMessage): Promise<void> {
    const now = Date.now();
    // Ids are remembered in publishing order, so the expired ones are all at the front.
    for (const [id, seenAt] of this.recentIds) {
      if (now - seenAt <= DUPLICATE_WINDOW_MS) break;
      this.recentIds.delete(id);
    }
    if (this.recentIds.has(event.id)) return;
    this.recentIds.set(event.id, now);
    const consumers = this.consumersByType.get(event.type);
    if (!consumers || consumers.size === 0) {
      // Kept for the first consumer to come, as a durable JetStream consumer would find it in the stream.
      this.backlog.set(event.type, [...(this.backlog.get(event.type) ?? []), event]);
      return;
    }
    for (const consumer of consumers.values()) this.deliver(consumer, event, 1);
  }

  async subscribe(consumerName: string, type: string, handler: EventHandler): Promise<Subscription> {
    const consumers = this.consumersByType.get(type) ?? new Map<string, Consumer>();
    this.consumersByType.set(type, consumers);
    if (consumers.has(consumerName)) throw new Error(`consumer ${consumerName} already subscribed to ${type}`);
    const consumer: Consumer = { name: consumerName, handler, stopped: false, inFlight: new Set(), timers: new Set() };
    consumers.set(consumerName, consumer);
    for (const event of this.backlog.get(type) ?? []) this.deliver(consumer, event, 1);
    this.backlog.delete(type);
    return {
      stop: async () => {
        consumer.stopped = true;
        consumers.delete(consumerName);
        for (const timer of consumer.timers) clearTimeout(timer);
        await Promise.allSettled([...consumer.inFlight]);
      },
    };
  }

  async isHealthy(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    for (const consumers of this.consumersByType.values()) {
      for (const consumer of consumers.values()) {
        consumer.stopped = true;
        for (const timer of consumer.timers) clearTimeout(timer);
        await Promise.allSettled([...consumer.inFlight]);
      }
    }
    this.consumersByType.clear();
  }

  private deliver(consumer: Consumer, event: EventMessage, deliveryCount: number): void {
    if (consumer.stopped) return;
    // The handler, and its failure's log line, run in the trace of the work that raised the event.
    const hop = openTrace(event.traceparent, eventSpan('process', event, { system: 'in-process', consumer: consumer.name }));
    const handling = hop
      .run(() =>
        Promise.resolve()
          .then(() => consumer.handler({ ...event, deliveryCount }))
          .catch((error: unknown) => {
            hop.end({ failure: error });
            this.logger.warn({ err: error, eventId: event.id, type: event.type, consumer: consumer.name, deliveryCount }, 'event handler failed; will redeliver');
            const timer = setTimeout(() => {
              consumer.timers.delete(timer);
              this.deliver(consumer, event, deliveryCount + 1);
            }, redeliveryDelayMs(deliveryCount));
            consumer.timers.add(timer);
          }),
      )
      .finally(() => {
        hop.end();
        consumer.inFlight.delete(handling);
      });
    consumer.inFlight.add(handling);
  }
}
