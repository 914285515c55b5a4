export { NatsEventBus, type NatsEventBusOptions } from './nats-event-bus.js';
export { eventBusFromConfig, type EventBusConfig } from './event-bus-from-config.js';
