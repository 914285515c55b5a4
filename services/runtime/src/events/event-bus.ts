/** An event as it travels: `type` is the dotted event name, also the NATS subject suffix ("report.submitted"). */
export type EventMessage = {
  /** Unique per event; publishing the same id twice delivers it once (deduplicated by the bus). */
  id: string;
  type: string;
  payload: Uint8Array;
  /** The W3C trace of the work that raised the event; its handlers run in the same trace. */
  traceparent?: string;
};

export type DeliveredEvent = EventMessage & {
  /** 1 on first delivery, higher on redelivery after a failure or a crash before the acknowledgement. */
  deliveryCount: number;
};

/**
 * Handles one event. Resolving acknowledges it; throwing makes the bus deliver it again later.
 * Handlers must therefore be idempotent.
 */
export type EventHandler = (event: DeliveredEvent) => Promise<void>;

export type Subscription = {
  /** Stops taking new events and waits for the ones being handled. */
  stop(): Promise<void>;
};

export interface EventBus {
  publish(event: EventMessage): Promise<void>;
  /**
   * Delivers every event of `type` to `handler`, once per `consumer` name however many processes share it.
   * A consumer keeps its position across restarts: events published while it was away are delivered on return.
   */
  subscribe(consumer: string, type: string, handler: EventHandler): Promise<Subscription>;
  isHealthy(): Promise<boolean>;
  close(): Promise<void>;
}

/** Delay before the next delivery of an event whose handler failed: 1 s doubling to at most 5 minutes. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, deliveryCount - 1), 300_000);
}
