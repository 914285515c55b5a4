import {
  AckPolicy,
  Events,
  DeliverPolicy,
  RetentionPolicy,
  StorageType,
  connect,
  headers,
  nanos,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import type { Logger } from '../../logger.js';
import { TRACEPARENT, openTrace } from '../../tracing/trace-context.js';
import { eventSpan } from '../event-span.js';
import { redeliveryDelayMs, type EventBus, type EventHandler, type EventMessage, type Subscription } from '../event-bus.js';

export type NatsEventBusOptions = {
  servers: string;
  /** Names this process's connection in the server's monitoring. */
  connectionName: string;
  stream?: string;
  subjectPrefix?: string;
  /** A message not acknowledged within this time (the handler's process died) is delivered again. */
  ackWaitMs: number;
  /** Copies of the stream a JetStream cluster keeps (3 in a 3-node cluster); 1 on a single server. */
  streamReplicas?: number;
  logger: Logger;
};

const DUPLICATE_WINDOW_MS = 120_000;
const STREAM_MAX_AGE_MS = 14 * 24 * 3_600_000;
/** How long `connect` waits for NATS before handing out a bus that keeps connecting in the background. */
const STARTUP_WAIT_MS = 2_000;
/** How long a publish waits for a connection that is not there yet; the caller (the outbox relay) retries. */
const PUBLISH_WAIT_MS = 5_000;
const RETRY_MS = 1_000;

type Connected = { connection: NatsConnection; jetstream: JetStreamClient; manager: JetStreamManager };

/**
 * Domain events over NATS JetStream: one file-backed stream, `Nats-Msg-Id` deduplication on publish,
 * a durable pull consumer per (consumer, event type) with explicit acknowledgement.
 *
 * A process starts whether or not NATS is up: the bus connects (and creates its stream) in the background and keeps
 * trying, publishes fail until then (the outbox keeps the events), and subscriptions begin consuming once connected.
 * So a service restarted during a NATS outage comes up and serves what needs no events, instead of exiting.
 */
export class NatsEventBus implements EventBus {
  private readonly subscriptions = new Set<Subscription>();
  private connected: Connected | undefined;
  private readonly ready: Promise<Connected>;
  private closed = false;

  private constructor(private readonly options: NatsEventBusOptions & { stream: string; subjectPrefix: string }) {
    this.ready = this.establish();
    this.ready.catch(() => undefined);
  }

  static async connect(options: NatsEventBusOptions): Promise<NatsEventBus> {
    const bus = new NatsEventBus({ ...options, stream: options.stream ?? 'SWARM_EVENTS', subjectPrefix: options.subjectPrefix ?? 'swarm.events' });
    const ready = await within(bus.ready, STARTUP_WAIT_MS);
    if (!ready) options.logger.warn({ servers: options.servers }, 'NATS is not reachable yet: starting without it and connecting in the background');
    return bus;
  }

  async publish(event: EventMessage): Promise<void> {
    const connected = this.connected ?? (await within(this.ready, PUBLISH_WAIT_MS));
    if (!connected) throw new Error('not connected to NATS yet');
    const eventHeaders = headers();
    if (event.traceparent) eventHeaders.set(TRACEPARENT, event.traceparent);
    await connected.jetstream.publish(this.subject(event.type), event.payload, { msgID: event.id, headers: eventHeaders });
  }

  async subscribe(consumer: string, type: string, handler: EventHandler): Promise<Subscription> {
    const durableName = `${consumer}--${type.replaceAll('.', '-')}`;
    const worker = new ConsumerWorker(
      async () => {
        const connected = await this.ready;
        await this.ensureConsumer(connected.manager, durableName, this.subject(type));
        return connected.jetstream;
      },
      this.options.stream,
      durableName,
      type,
      handler,
      this.options.logger.child({ consumer: durableName }),
    );
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
    const connection = this.connected?.connection;
    if (!connection || connection.isClosed()) return false;
    await connection.flush();
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    const connection = this.connected?.connection;
    if (connection && !connection.isClosed()) await connection.drain();
  }

  private subject(type: string): string {
    return `${this.options.subjectPrefix}.${type}`;
  }

  /** Connects (waiting for NATS as long as it takes) and makes sure the stream exists, retrying until both hold. */
  private async establish(): Promise<Connected> {
    const connection = await connect({
      servers: this.options.servers.split(','),
      name: this.options.connectionName,
      waitOnFirstConnect: true,
      reconnect: true,
      maxReconnectAttempts: -1,
    });
    if (this.closed) {
      await connection.close();
      throw new Error('the event bus was closed before NATS was reached');
    }
    logConnectionStatus(connection, this.options.logger).catch((error: unknown) => this.options.logger.debug({ err: error }, 'nats status stream ended'));
    for (;;) {
      try {
        const manager = await connection.jetstreamManager();
        await ensureStream(manager, this.options.stream, `${this.options.subjectPrefix}.>`, this.options.streamReplicas ?? 1);
        this.connected = { connection, jetstream: connection.jetstream(), manager };
        return this.connected;
      } catch (error) {
        // JetStream answers a moment after the server accepts connections, when it restarted.
        if (this.closed) throw error;
        this.options.logger.warn({ err: error }, 'JetStream stream not ready; retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  private async ensureConsumer(manager: JetStreamManager, durableName: string, filterSubject: string): Promise<void> {
    const config: Partial<ConsumerConfig> = {
      durable_name: durableName,
      filter_subject: filterSubject,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(this.options.ackWaitMs),
      deliver_policy: DeliverPolicy.All,
      max_deliver: -1,
    };
    try {
      await manager.consumers.info(this.options.stream, durableName);
      await manager.consumers.update(this.options.stream, durableName, { ack_wait: config.ack_wait });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await manager.consumers.add(this.options.stream, config);
    }
  }
}

/** The promise's value if it settles successfully within `ms`, otherwise undefined. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Creates the stream when it does not exist; an existing stream keeps its settings (an operator changes them). */
async function ensureStream(manager: JetStreamManager, name: string, subjects: string, replicas: number): Promise<void> {
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
      num_replicas: replicas,
    });
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
  private onStop: () => void = () => undefined;
  /** Settles (with nothing) when the worker is stopped, so that a wait for NATS does not outlive it. */
  private readonly stopping = new Promise<undefined>((resolve) => {
    this.onStop = () => resolve(undefined);
  });

  constructor(
    /** Resolves once connected and the durable consumer exists; waits as long as NATS is away. */
    private readonly prepare: () => Promise<JetStreamClient>,
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
    this.onStop();
    // Ends the iteration after the message in hand: its handler finishes and acknowledges first. Messages pulled
    // but not yet handled stay unacknowledged and are redelivered to another instance after the ack wait.
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const prepared = this.prepare();
        prepared.catch(() => undefined);
        const jetstream = await Promise.race([prepared, this.stopping]);
        if (!jetstream || this.stopped) break;
        const consumer = await jetstream.consumers.get(this.stream, this.durableName);
        // One message at a time: a replica holds only the event it handles, so the others take the rest, and none
        // waits in a local buffer until its acknowledgement wait runs out and it is delivered a second time.
        this.messages = await consumer.consume({ max_messages: 1 });
        if (this.stopped) {
          this.messages.stop();
          break;
        }
        for await (const message of this.messages) {
          const deliveryCount = message.info.redeliveryCount;
          const id = message.headers?.get('Nats-Msg-Id') ?? `${this.stream}:${message.seq}`;
          // The handler, and its failure's log line, run in the trace of the work that raised the event.
          const traceparent = message.headers?.get(TRACEPARENT) || undefined;
          const hop = openTrace(traceparent, eventSpan('process', { id, type: this.type }, { system: 'nats', consumer: this.durableName }));
          await hop.run(async () => {
            try {
              await this.handler({ id, type: this.type, payload: message.data, deliveryCount, ...(traceparent ? { traceparent } : {}) });
              message.ack();
            } catch (error) {
              hop.end({ failure: error });
              this.logger.warn({ err: error, eventId: id, deliveryCount }, 'event handler failed; will redeliver');
              message.nak(redeliveryDelayMs(deliveryCount));
            }
          });
          hop.end();
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
