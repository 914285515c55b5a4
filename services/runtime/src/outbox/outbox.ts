import type { EventBus, EventMessage } from '../events/event-bus.js';
import type { Logger } from '../logger.js';
import { continueTrace, currentTraceparent, outsideTrace } from '../tracing/trace-context.js';
import { eventSpan } from '../events/event-span.js';

export type OutboxMessage = EventMessage & { createdAt: Date };

/** What waits in an outbox: its unpublished entries and when the oldest of them was written (null when none). */
export type OutboxBacklog = { pending: number; oldestCreatedAt: Date | null };

/**
 * Events written in the same transaction as the state change they announce, waiting to be published.
 * Repositories append to it; the relay drains it.
 */
export interface OutboxStore {
  pending(limit: number): Promise<OutboxMessage[]>;
  markPublished(ids: string[]): Promise<void>;
  /** The unpublished entries, for the outbox lag an operator watches; leased ones count too. */
  backlog(): Promise<OutboxBacklog>;
}

/**
 * Publishes what the outbox holds, oldest first, and marks it published. A crash between publish and mark
 * publishes again on restart, which the bus deduplicates by event id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxStore,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: { pollIntervalMs: number; batchSize?: number } = { pollIntervalMs: 1_000 },
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Publishes now rather than at the next poll: called right after a write that added events. */
  notify(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes everything pending; resolves once the outbox is empty or publishing failed. */
  async drain(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    for (;;) {
      const batch = await this.outbox.pending(batchSize);
      if (batch.length === 0) return;
      for (const message of batch) {
        // Published, and logged, in the trace of the work that wrote the event: one report can be followed hop by hop.
        // The event carries on the trace of its publishing, so its handling follows the publish span when spans are exported.
        await continueTrace(
          message.traceparent,
          async () => {
            const traceparent = currentTraceparent();
            await this.bus.publish(traceparent ? { ...message, traceparent } : message);
            this.logger.info({ eventId: message.id, type: message.type }, 'event published');
          },
          { startIfAbsent: false, span: eventSpan('publish', message) },
        );
        await this.outbox.markPublished([message.id]);
      }
      if (batch.length < batchSize) return;
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    // Woken inside a request, the relay must not keep that request's trace for every later pass.
    this.timer = outsideTrace(() =>
      setTimeout(() => {
        this.running = this.drain()
          .catch((error: unknown) => this.logger.warn({ err: error }, 'outbox publish failed; will retry'))
          .finally(() => {
            this.running = undefined;
            const rerun = this.again;
            this.again = false;
            this.schedule(rerun ? 0 : this.options.pollIntervalMs);
          });
      }, delayMs),
    );
  }
}
