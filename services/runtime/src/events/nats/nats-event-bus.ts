import {
  AckPolicy,
  DeliverPolicy,
  Events,
  RetentionPolicy,
  StorageType,
  connect,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { Logger } from '../../logger.js';
import { redeliveryDelayMs, type EventBus, type EventHandler, type EventMessage, type Subscription } from '../event-bus.js';

export type NatsEventBusOptions = {
  servers: string;
  /** Names this process's connection in the server's monitoring. */
  connectionName: string;
  stream?: string;
  subjectPrefix?: string;
  /** A message not acknowledged within this time (the handler's process died) is delivered again. */
  ackWaitMs: number;
  logger: Logger;
};

const DUPLICATE_WINDOW_MS = 120_000;
const STREAM_MAX_AGE_MS = 14 * 24 * 3_600_000;

/**
 * Domain events over NATS JetStream: one file-backed stream, `Nats-Msg-Id` deduplication on publish,
 * a durable pull consumer per (consumer, event type) with explicit acknowledgement.
 */
export class NatsEventBus implements EventBus {
  private readonly subscriptions = new Set<Subscription>();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly jetstream: JetStreamClient,
    private readonly manager: JetStreamManager,
    private readonly stream: string,
    private readonly subjectPrefix: string,
    private readonly ackWaitMs: number,
    private readonly logger: Logger,
  ) {}

  static async connect(options: NatsEventBusOptions): Promise<NatsEventBus> {
    const connection = await connect({
      servers: options.servers.split(','),
      name: options.connectionName,
      reconnect: true,
      maxReconnectAttempts: -1,
    });
    logConnectionStatus(connection, options.logger).catch((error: unknown) => options.logger.debug({ err: error }, 'nats status stream ended'));
    const manager = await connection.jetstreamManager();
    const stream = options.stream ?? 'SWARM_EVENTS';
    const subjectPrefix = options.subjectPrefix ?? 'swarm.events';
    await ensureStream(manager, stream, `${subjectPrefix}.>`);
    return new NatsEventBus(connection, connection.jetstream(), manager, stream, subjectPrefix, options.ackWaitMs, options.logger);
  }

  async publish(event: EventMessage): Promise<void> {
    await this.jetstream.publish(this.subject(event.type), event.payload, { msgID: event.id });
  }

  async subscribe(consumer: string, type: string, handler: EventHandler): Promise<Subscription> {
    const durableName = `${consumer}--${type.replaceAll('.', '-')}`;
    await this.ensureConsumer(durableName, this.subject(type));
    const worker = new ConsumerWorker(this.jetstream, this.stream, durableName, type, handler, this.logger.child({ consumer: durableName }));
    const subscription: Subscription = {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await worker.stop();
      },
    };
    this.subscriptions.add(subscription);
    worker.start();
    return subscription;
  }

  async isHealthy(): Promise<boolean> {
    if (this.connection.isClosed()) return false;
    await this.connection.flush();
    return true;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    if (!this.connection.isClosed()) await this.connection.drain();
  }

  private subject(type: string): string {
    return `${this.subjectPrefix}.${type}`;
  }

  private async ensureConsumer(durableName: string, filterSubject: string): Promise<void> {
    const config: Partial<ConsumerConfig> = {
      durable_name: durableName,
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.ackWaitMs),
      deliver_policy: DeliverPolicy.All,
      max_deliver: -1,
    };
    try {
      await this.manager.consumers.info(this.stream, durableName);
      await this.manager.consumers.update(this.stream, durableName, { ack_wait: config.ack_wait });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await this.manager.consumers.add(this.stream, config);
    }
  }
}

async function ensureStream(manager: JetStreamManager, name: string, subjects: string): Promise<void> {
  try {
    await manager.streams.info(name);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await manager.streams.add({
      name,
      subjects: [subjects],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(STREAM_MAX_AGE_MS),
    });
  }
}

/**
 * The client reconnects on its own and prints nothing: the log tells when the connection is lost and back (once per
 * outage, not per reconnect attempt), and what the server reports. The server is named by host and port only.
 */
async function logConnectionStatus(connection: NatsConnection, logger: Logger): Promise<void> {
  for await (const status of connection.status()) {
    const server = typeof status.data === 'string' ? status.data : undefined;
    switch (status.type) {
      case Events.Disconnect:
        logger.warn({ component: 'nats', server }, 'nats connection lost; reconnecting');
        break;
      case Events.Reconnect:
        logger.info({ component: 'nats', server }, 'nats connection restored');
        break;
      case Events.LDM:
        logger.info({ component: 'nats', server }, 'nats server is shutting down (lame duck mode); moving to another');
        break;
      case Events.Error:
        logger.warn({ component: 'nats', err: status.data }, 'nats server reported an error');
        break;
      default:
        break;
    }
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/** Pulls from one durable consumer and re-creates the pull loop after a failure until stopped. */
class ConsumerWorker {
  private stopped = false;
  private messages: ConsumerMessages | undefined;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly jetstream: JetStreamClient,
    private readonly stream: string,
    private readonly durableName: string,
    private readonly type: string,
    private readonly handler: EventHandler,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    // Ends the iteration after the message in hand: its handler finishes and acknowledges first. Messages pulled
    // but not yet handled stay unacknowledged and are redelivered to another instance after the ack wait.
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const consumer = await this.jetstream.consumers.get(this.stream, this.durableName);
        this.messages = await consumer.consume({ max_messages: 32 });
        for await (const message of this.messages) {
          const deliveryCount = message.info.redeliveryCount;
          const id = message.headers?.get('Nats-Msg-Id') ?? `${this.stream}:${message.seq}`;
          try {
            await this.handler({ id, type: this.type, payload: message.data, deliveryCount });
            message.ack();
          } catch (error) {
            this.logger.warn({ err: error, eventId: id, deliveryCount }, 'event handler failed; will redeliver');
            message.nak(redeliveryDelayMs(deliveryCount));
          }
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) break;
        this.logger.error({ err: error }, 'event consumer failed; restarting');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }
}
