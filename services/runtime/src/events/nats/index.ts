export { NatsEventBus, type NatsEventBusOptions } from './nats-event-bus.js';
