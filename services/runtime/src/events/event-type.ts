import { create, fromBinary, toBinary, type DescMessage, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { currentTraceparent } from '../tracing/trace-context.js';
import type { DeliveredEvent, EventBus, EventMessage, Subscription } from './event-bus.js';

/** Binds an event name to its protobuf schema so publishers and consumers agree on both. */
export type EventType<Schema extends DescMessage> = {
  readonly type: string;
  readonly schema: Schema;
  toMessage(id: string, event: MessageInitShape<Schema>): EventMessage;
  decode(message: EventMessage): MessageShape<Schema>;
};

export function defineEventType<Schema extends DescMessage>(type: string, schema: Schema): EventType<Schema> {
  return {
    type,
    schema,
    toMessage: (id, event) => {
      // Raised inside a trace (a request, another event), the event carries it on through the outbox and the bus.
      const traceparent = currentTraceparent();
      return { id, type, payload: toBinary(schema, create(schema, event)), ...(traceparent ? { traceparent } : {}) };
    },
    decode: (message) => fromBinary(schema, message.payload),
  };
}

/**
 * Subscribes a typed handler. A payload that does not decode is a poison message: by default it fails loudly each
 * time; with `onUndecodable` it is handed there and acknowledged, for a consumer that would rather log and move on.
 */
export function subscribeTo<Schema extends DescMessage>(
  bus: EventBus,
  consumer: string,
  eventType: EventType<Schema>,
  handler: (event: MessageShape<Schema>, delivery: DeliveredEvent) => Promise<void>,
  options: { onUndecodable?: (error: unknown, delivery: DeliveredEvent) => void } = {},
): Promise<Subscription> {
  const { onUndecodable } = options;
  return bus.subscribe(consumer, eventType.type, (delivery) => {
    if (!onUndecodable) return handler(eventType.decode(delivery), delivery);
    let event: MessageShape<Schema>;
    try {
      event = eventType.decode(delivery);
    } catch (error) {
      onUndecodable(error, delivery);
      return Promise.resolve();
    }
    return handler(event, delivery);
  });
}
