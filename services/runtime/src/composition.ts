import type { EventBus } from './events/event-bus.js';
import type { HealthRegistry } from './health.js';
import type { Logger } from './logger.js';
import type { Metrics } from './metrics/metrics.js';
import type { SmtpMessage } from './mail/smtp-mailer.js';

/** Where a part registers what must be closed when the process stops (a Lifecycle, or the embedded product). */
export type ShutdownRegistry = { onShutdown(name: string, close: () => Promise<void>): void };

/**
 * What a service's composition gets from whoever runs it — its own process (`main.ts`) or the embedded product — besides
 * its validated configuration: everything that differs between the two run modes and nothing else. The composition
 * chooses every adapter from the configuration; these are only the things a process shares.
 */
export type PartWiring = {
  logger: Logger;
  lifecycle: ShutdownRegistry;
  health: HealthRegistry;
  /** NATS JetStream in a service's own process; the one in-process bus of the embedded product. */
  bus: EventBus;
  /** The process's one metrics registry (the embedded product's parts share it), served on METRICS_PORT. */
  metrics: Metrics;
  /** Where emails go when no SMTP_URL is configured: the embedded product's dev outbox; the log when absent. */
  devMailer?: { send(message: SmtpMessage): Promise<void> };
  /** In the embedded product: the requests the gateway is answering, which background work in the process lets go first. */
  foreground?: { busy(): boolean };
};
