import type { Logger } from '../../logger.js';
import type { EventBus } from '../event-bus.js';
import { InProcessEventBus } from '../in-process-event-bus.js';
import { NatsEventBus } from './nats-event-bus.js';

export type EventBusConfig = {
  EVENT_BUS: 'nats' | 'memory';
  NATS_URL: string;
  NATS_STREAM: string;
  NATS_SUBJECT_PREFIX: string;
  EVENTS_ACK_WAIT_MS: number;
  NATS_STREAM_REPLICAS?: number;
};

/** The event bus a service process uses, as its configuration names it. */
export async function eventBusFromConfig(config: EventBusConfig, connectionName: string, logger: Logger): Promise<EventBus> {
  if (config.EVENT_BUS === 'memory') return new InProcessEventBus(logger);
  return NatsEventBus.connect({
    servers: config.NATS_URL,
    connectionName,
    stream: config.NATS_STREAM,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    ackWaitMs: config.EVENTS_ACK_WAIT_MS,
    ...(config.NATS_STREAM_REPLICAS !== undefined ? { streamReplicas: config.NATS_STREAM_REPLICAS } : {}),
    logger,
  });
}
