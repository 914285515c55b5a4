import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { serviceTransport } from '@swarm/runtime';
import { freePort, isListening, waitUntil } from './ports.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const STACK_SERVICES = ['report', 'member', 'association-billing', 'notification'] as const;
export type StackProcessName = (typeof STACK_SERVICES)[number] | 'gateway';

const workspaceOf: Record<StackProcessName, string> = {
  report: 'services/report',
  member: 'services/member',
  'association-billing': 'services/association-billing',
  notification: 'services/notification',
  gateway: 'gateway',
};

const databaseOf: Record<(typeof STACK_SERVICES)[number], string> = {
  report: 'report',
  member: 'member',
  'association-billing': 'association_billing',
  notification: 'notification',
};

export type StackOptions = {
  natsUrl: string;
  redisUrl: string;
  mongoUrl: string;
  /** Ports per process; free ports are picked for those not given. */
  ports?: Partial<Record<StackProcessName, number>>;
  /** The METRICS_PORT of each process (GET /metrics); free ports are picked for those not given. */
  metricsPorts?: Partial<Record<StackProcessName, number>>;
  /** Database names are `${databasePrefix}_report` and so on; tests give each run its own. */
  databasePrefix?: string;
  natsStream?: string;
  natsSubjectPrefix?: string;
  /** Extra environment for every process (LOG_LEVEL, EVENTS_ACK_WAIT_MS…). */
  env?: Record<string, string>;
  /** Extra environment for one process, over `env`. */
  envOf?: Partial<Record<StackProcessName, Record<string, string>>>;
  /** Receives every line a process prints. */
  onOutput?: (process: StackProcessName, line: string) => void;
};

export type RunningStack = {
  gatewayUrl: string;
  urls: Record<StackProcessName, string>;
  /** Each process's Prometheus endpoint, http://127.0.0.1:{METRICS_PORT}/metrics. */
  metricsUrls: Record<StackProcessName, string>;
  pid(name: StackProcessName): number | undefined;
  /** Where the notification service keeps its alert jobs in Redis (BullMQ queue name and key prefix). */
  alertQueue: { name: string; prefix: string };
  /** Starts a process that was killed, with the same port and environment, and waits until it is healthy. */
  start(name: StackProcessName): Promise<void>;
  /** Sends a signal and waits for the process to exit. */
  kill(name: StackProcessName, signal?: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
};

/**
 * The distributed mode: each service and the gateway as its own Node process, talking Connect over the network and
 * exchanging events over NATS JetStream, each service on its own MongoDB database.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const ports = {} as Record<StackProcessName, number>;
  for (const name of [...STACK_SERVICES, 'gateway'] as const) ports[name] = options.ports?.[name] ?? (await freePort());
  const urls = Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, `http://127.0.0.1:${port}`])) as Record<
    StackProcessName,
    string
  >;
  const metricsPorts = {} as Record<StackProcessName, number>;
  for (const name of [...STACK_SERVICES, 'gateway'] as const) metricsPorts[name] = options.metricsPorts?.[name] ?? (await freePort());
  const metricsUrls = Object.fromEntries(Object.entries(metricsPorts).map(([name, port]) => [name, `http://127.0.0.1:${port}/metrics`])) as Record<
    StackProcessName,
    string
  >;
  const prefix = options.databasePrefix ?? 'swarm';
  const common: Record<string, string> = {
    STORE: 'mongo',
    MONGODB_URL: options.mongoUrl,
    EVENT_BUS: 'nats',
    NATS_URL: options.natsUrl,
    ...(options.natsStream ? { NATS_STREAM: options.natsStream } : {}),
    ...(options.natsSubjectPrefix ? { NATS_SUBJECT_PREFIX: options.natsSubjectPrefix } : {}),
    ...options.env,
  };
  const envOf = (name: StackProcessName): Record<string, string> =>
    name === 'gateway'
      ? {
          // Plain HTTP on this machine: no Secure cookies; emails go to the dev outbox; sessions in Redis.
          SESSION_COOKIE_SECURE: 'false',
          MAILER: 'dev-outbox',
          SESSION_STORE: 'redis',
          REDIS_URL: options.redisUrl,
          // This stack's sessions and rate limits only, when several stacks (tests) share one Redis.
          REDIS_KEY_PREFIX: prefix,
          PUBLIC_URL: `http://localhost:${ports.gateway}`,
          // The dev outbox lists login links: this machine only, unless the caller says otherwise.
          HOST: '127.0.0.1',
          ...options.env,
          PORT: String(ports.gateway),
          REPORT_SERVICE_URL: urls.report,
          MEMBER_SERVICE_URL: urls.member,
          ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'],
          NOTIFICATION_SERVICE_URL: urls.notification,
        }
      : {
          ...common,
          PORT: String(ports[name]),
          MONGODB_DATABASE: `${prefix}_${databaseOf[name]}`,
          ...(name === 'notification'
            ? {
                REDIS_URL: options.redisUrl,
                MEMBER_SERVICE_URL: urls.member,
                REPORT_SERVICE_URL: urls.report,
                ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'],
                // Alert jobs of this stack only, when several stacks (tests) share one Redis.
                ALERT_QUEUE_NAME: 'alerts',
                ALERT_QUEUE_PREFIX: `${prefix}_alerts`,
              }
            : {}),
          ...(name === 'report' ? { MEMBER_SERVICE_URL: urls.member, ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'] } : {}),
        };

  const children = new Map<StackProcessName, ChildProcess>();
  const launch = async (name: StackProcessName) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: `${repositoryRoot}/${workspaceOf[name]}`,
      env: { ...process.env, ...envOf(name), METRICS_PORT: String(metricsPorts[name]), ...options.envOf?.[name] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    for (const stream of [child.stdout, child.stderr]) {
      if (stream) createInterface({ input: stream }).on('line', (line) => options.onOutput?.(name, line));
    }
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${name} exited with code ${code} while starting`))),
    );
    exited.catch(() => undefined);
    await Promise.race([name === 'gateway' ? waitForHttp(urls.gateway) : waitForHealthy(urls[name]), exited]);
  };

  const stop = async () => {
    await Promise.all([...children.keys()].map((name) => kill(name, 'SIGTERM')));
  };
  const kill = async (name: StackProcessName, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exit;
  };

  try {
    await Promise.all(STACK_SERVICES.map(launch));
    await launch('gateway');
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    gatewayUrl: urls.gateway,
    urls,
    metricsUrls,
    pid: (name) => children.get(name)?.pid,
    alertQueue: { name: 'alerts', prefix: `${prefix}_alerts` },
    start: launch,
    kill,
    stop,
  };
}

async function waitForHealthy(baseUrl: string): Promise<void> {
  const health = createClient(Health, serviceTransport(baseUrl));
  await waitUntil(
    async () => {
      try {
        const { status } = await health.check({}, { timeoutMs: 1_000 });
        return status === HealthCheckResponse_ServingStatus.SERVING;
      } catch {
        return false;
      }
    },
    60_000,
    `${baseUrl} to report SERVING`,
  );
}

async function waitForHttp(baseUrl: string): Promise<void> {
  const port = Number(new URL(baseUrl).port);
  await waitUntil(() => isListening(port), 60_000, `${baseUrl} to listen`);
}
