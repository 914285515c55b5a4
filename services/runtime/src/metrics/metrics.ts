import { Code, ConnectError } from '@connectrpc/connect';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { OutboxBacklog } from '../outbox/outbox.js';

/** Seconds; from a fast in-memory call to a slow network round trip. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds from a report to an alert SMS: at once (seconds) up to the fairness delays and availability windows (hours). */
const ALERT_LATENCY_BUCKETS = [1, 2, 5, 10, 30, 60, 300, 600, 1_800, 3_600, 4 * 3_600, 12 * 3_600];

/** Jobs of the alert queue by state (BullMQ's names: waiting, delayed, active, failed…). */
export type QueueDepth = Record<string, number>;

/** "NotFound" → "not_found", the gRPC status names in lower snake case. */
function codeName(code: Code): string {
  return Code[code].replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

/**
 * Every metric of the product, in one registry per process: the embedded product's parts share one, each service and
 * gateway process has its own. Names start with `swarm_`, are snake_case and carry their unit; the instruments are
 * declared here and nowhere else, so every part labels them alike.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'swarm_http_requests_total',
    help: 'HTTP requests answered by the gateway, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [this.registry],
  });

  readonly httpRequestDuration = new Histogram({
    name: 'swarm_http_request_duration_seconds',
    help: 'Time the gateway took to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly rpcRequests = new Counter({
    name: 'swarm_rpc_requests_total',
    help: 'Connect calls served, by service, method and status code (ok, not_found, unavailable…).',
    labelNames: ['rpc_service', 'rpc_method', 'code'] as const,
    registers: [this.registry],
  });

  readonly rpcRequestDuration = new Histogram({
    name: 'swarm_rpc_request_duration_seconds',
    help: 'Time a Connect call took to serve, by service, method and status code.',
    labelNames: ['rpc_service', 'rpc_method', 'code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly smsSent = new Counter({
    name: 'swarm_sms_sent_total',
    help: 'SMS the provider accepted.',
    registers: [this.registry],
  });

  readonly smsFailed = new Counter({
    name: 'swarm_sms_failed_total',
    help: 'SMS the provider refused or that could not reach it (the alert job retries them).',
    registers: [this.registry],
  });

  readonly smsPaced = new Counter({
    name: 'swarm_sms_paced_total',
    help: 'SMS that waited for their sender number’s pace before going out.',
    registers: [this.registry],
  });

  readonly smsPaceWait = new Counter({
    name: 'swarm_sms_pace_wait_seconds_total',
    help: 'Time SMS spent waiting for their sender number’s pace.',
    registers: [this.registry],
  });

  readonly alertLatency = new Histogram({
    name: 'swarm_alert_latency_seconds',
    help: 'From a report’s submission to each of its alert SMS accepted by the provider (a re-alert after an un-claim: from its job’s creation).',
    buckets: ALERT_LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly claims = new Counter({
    name: 'swarm_claims_total',
    help: 'Claims of a report by outcome: won, already_yours, already_claimed (another member was first), refused.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly outboxes = new Map<string, () => Promise<OutboxBacklog>>();
  private readonly queues = new Map<string, () => Promise<QueueDepth>>();

  constructor(options: { processMetrics?: boolean } = {}) {
    const outboxes = this.outboxes;
    const queues = this.queues;
    // Read when scraped, so the figures are the stores' own and no timer polls them between scrapes.
    const backlogs = async () =>
      Promise.all([...outboxes].map(async ([service, read]) => ({ service, backlog: await read().catch(() => undefined) })));
    new Gauge({
      name: 'swarm_outbox_pending_entries',
      help: 'Events in a service’s outbox not yet published to the event bus.',
      labelNames: ['service'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { service, backlog } of await backlogs()) if (backlog) this.set({ service }, backlog.pending);
      },
    });
    new Gauge({
      name: 'swarm_outbox_lag_seconds',
      help: 'Age of the oldest event in a service’s outbox not yet published (0 when none waits).',
      labelNames: ['service'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const now = Date.now();
        for (const { service, backlog } of await backlogs()) {
          if (backlog) this.set({ service }, backlog.oldestCreatedAt ? Math.max(0, (now - backlog.oldestCreatedAt.getTime()) / 1_000) : 0);
        }
      },
    });
    new Gauge({
      name: 'swarm_queue_jobs',
      help: 'Jobs of a queue by state: waiting (due now), delayed (due later, or retrying after a failure), active, failed.',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, read] of queues) {
          const depth = await read().catch(() => undefined);
          for (const [state, count] of Object.entries(depth ?? {})) this.set({ queue, state }, count);
        }
      },
    });
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry, prefix: 'swarm_' });
  }

  /** Reports a service's outbox backlog (pending count and oldest entry) at every scrape. */
  watchOutbox(service: string, read: () => Promise<OutboxBacklog>): void {
    this.outboxes.set(service, read);
  }

  /** Reports a queue's jobs by state at every scrape. */
  watchQueue(queue: string, read: () => Promise<QueueDepth>): void {
    this.queues.set(queue, read);
  }

  /** Records one served Connect call. */
  observeRpc(call: { service: string; method: string; error?: unknown; seconds: number }): void {
    const code = call.error === undefined ? 'ok' : codeName(ConnectError.from(call.error).code);
    const labels = { rpc_service: call.service, rpc_method: call.method, code };
    this.rpcRequests.inc(labels);
    this.rpcRequestDuration.observe(labels, call.seconds);
  }

  /** Records one answered HTTP request; `route` is the route's pattern (never the raw URL, which would not aggregate). */
  observeHttp(request: { method: string; route: string; statusCode: number; seconds: number }): void {
    const labels = { method: request.method, route: request.route, status_code: String(request.statusCode) };
    this.httpRequests.inc(labels);
    this.httpRequestDuration.observe(labels, request.seconds);
  }

  /** The Prometheus text exposition of every metric. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
