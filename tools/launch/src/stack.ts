import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createClient } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { serviceTransport } from '@swarm/runtime';
import { freePort, isListening, waitUntil } from './ports.js';
import { webPushKeysForRun } from './web-push-keys.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

export const STACK_SERVICES = ['report', 'member', 'association-billing', 'notification', 'insights'] as const;
export type StackProcessName = (typeof STACK_SERVICES)[number] | 'gateway';

const workspaceOf: Record<StackProcessName, string> = {
  report: 'services/report',
  member: 'services/member',
  'association-billing': 'services/association-billing',
  notification: 'services/notification',
  insights: 'services/insights',
  gateway: 'gateway',
};

const databaseOf: Record<(typeof STACK_SERVICES)[number], string> = {
  report: 'report',
  member: 'member',
  'association-billing': 'association_billing',
  notification: 'notification',
  insights: 'insights',
};

export type StackOptions = {
  natsUrl: string;
  redisUrl: string;
  mongoUrl: string;
  /**
   * Processes of each service and gateways (1 when not given). Replica i of a process calls replica i of each service
   * it needs; the replicas of a service share its database, its durable event consumers and its alert queue.
   */
  replicas?: number;
  /** Ports of the first replica of each process; free ports are picked for those not given and for other replicas. */
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
  /** Receives every line a process prints, with the replica (0 to replicas - 1) that printed it. */
  onOutput?: (process: StackProcessName, line: string, replica: number) => void;
};

export type RunningStack = {
  /** The first gateway. */
  gatewayUrl: string;
  /** Every gateway, by replica. */
  gatewayUrls: string[];
  /** The first replica of each process. */
  urls: Record<StackProcessName, string>;
  /** Every replica of each process. */
  replicaUrls: Record<StackProcessName, string[]>;
  replicas: number;
  /** Each process's Prometheus endpoint (its first replica's), http://127.0.0.1:{METRICS_PORT}/metrics. */
  metricsUrls: Record<StackProcessName, string>;
  pid(name: StackProcessName, replica?: number): number | undefined;
  /** Where the notification service keeps its alert jobs in Redis (BullMQ queue name and key prefix). */
  alertQueue: { name: string; prefix: string };
  /** Whether a VAPID key pair was generated for this run (neither WEB_PUSH_PUBLIC_KEY nor WEB_PUSH_PRIVATE_KEY was set). */
  webPushKeysGenerated: boolean;
  /** Starts a process that was killed, with the same port and environment, and waits until it is healthy. */
  start(name: StackProcessName, replica?: number): Promise<void>;
  /** Sends a signal and waits for the process to exit. */
  kill(name: StackProcessName, signal?: NodeJS.Signals, replica?: number): Promise<number | null>;
  stop(): Promise<void>;
};

/**
 * The distributed mode: each service and the gateway as its own Node process, talking Connect over the network and
 * exchanging events over NATS JetStream, each service on its own MongoDB database. With `replicas`, as many processes of
 * each, as a deployment scales out: each event reaches one replica per consumer (JetStream load-balances the service's
 * durable consumers), one alert worker runs each job (BullMQ), one outbox relay publishes each entry (its lease).
 */
const LAST_LINES_KEPT = 20;

/** A process of the stack stopped before it was ready; the message ends with what it printed last. */
class StartFailure extends Error {
  constructor(
    message: string,
    private readonly lastLines: readonly string[],
  ) {
    super(lastLines.length > 0 ? `${message}; it printed last:\n${lastLines.join('\n')}` : message);
  }

  /** It could not listen on a port it was given, taken meanwhile by another process. */
  portTaken(): boolean {
    return this.lastLines.some((line) => line.includes('EADDRINUSE') || /port .*(taken|in use)/i.test(line));
  }
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const replicas = options.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1) throw new Error(`replicas must be a positive whole number, not ${replicas}`);
  const replicaIndexes = Array.from({ length: replicas }, (_, replica) => replica);
  const ports = {} as Record<StackProcessName, number[]>;
  for (const name of [...STACK_SERVICES, 'gateway'] as const) {
    ports[name] = [];
    for (const replica of replicaIndexes) ports[name].push((replica === 0 ? options.ports?.[name] : undefined) ?? (await freePort()));
  }
  const replicaUrls = Object.fromEntries(Object.entries(ports).map(([name, list]) => [name, list.map((port) => `http://127.0.0.1:${port}`)])) as Record<
    StackProcessName,
    string[]
  >;
  const urlsOf = (replica: number) =>
    Object.fromEntries(Object.entries(replicaUrls).map(([name, list]) => [name, list[replica] ?? ''])) as Record<StackProcessName, string>;
  // Each replica serves its own metrics: the first on the port asked for (npm run start:stack's 9090–9095), the
  // others on free ports.
  const metricsPorts = {} as Record<StackProcessName, number[]>;
  for (const name of [...STACK_SERVICES, 'gateway'] as const) {
    metricsPorts[name] = [];
    for (const replica of replicaIndexes) metricsPorts[name].push((replica === 0 ? options.metricsPorts?.[name] : undefined) ?? (await freePort()));
  }
  const metricsUrls = Object.fromEntries(Object.entries(metricsPorts).map(([name, list]) => [name, `http://127.0.0.1:${list[0]}/metrics`])) as Record<
    StackProcessName,
    string
  >;
  const prefix = options.databasePrefix ?? 'swarm';
  // The gateway serves the public key, the notification service signs with the private one: one pair for both.
  const webPushKeys = webPushKeysForRun({ ...process.env, ...options.env });
  const common: Record<string, string> = {
    STORE: 'mongo',
    MONGODB_URL: options.mongoUrl,
    EVENT_BUS: 'nats',
    NATS_URL: options.natsUrl,
    ...(options.natsStream ? { NATS_STREAM: options.natsStream } : {}),
    ...(options.natsSubjectPrefix ? { NATS_SUBJECT_PREFIX: options.natsSubjectPrefix } : {}),
    ...options.env,
  };
  // Everything that names a database, a durable consumer or a queue is the same for every replica of a service: its
  // replicas share its state and split its work; only the port and the peers it calls differ.
  const envOf = (name: StackProcessName, replica: number): Record<string, string> => {
    const urls = urlsOf(replica);
    return name === 'gateway'
      ? {
          // Plain HTTP on this machine: no Secure cookies; emails go to the dev outbox; sessions in Redis.
          SESSION_COOKIE_SECURE: 'false',
          MAILER: 'dev-outbox',
          SESSION_STORE: 'redis',
          REDIS_URL: options.redisUrl,
          // This stack's sessions and rate limits only, when several stacks (tests) share one Redis.
          REDIS_KEY_PREFIX: prefix,
          PUBLIC_URL: `http://localhost:${ports.gateway[replica]}`,
          // The public half only: the gateway never signs.
          ...(webPushKeys ? { WEB_PUSH_PUBLIC_KEY: webPushKeys.WEB_PUSH_PUBLIC_KEY } : {}),
          // The dev outbox lists login links: this machine only, unless the caller says otherwise.
          HOST: '127.0.0.1',
          ...options.env,
          PORT: String(ports.gateway[replica]),
          REPORT_SERVICE_URL: urls.report,
          MEMBER_SERVICE_URL: urls.member,
          ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'],
          NOTIFICATION_SERVICE_URL: urls.notification,
          INSIGHTS_SERVICE_URL: urls.insights,
        }
      : {
          ...common,
          PORT: String(ports[name][replica]),
          MONGODB_DATABASE: `${prefix}_${databaseOf[name]}`,
          ...(name === 'notification'
            ? {
                ...webPushKeys,
                // Claim links in notifications and alert emails lead to the first gateway.
                PUBLIC_URL: `http://localhost:${ports.gateway[0]}`,
                REDIS_URL: options.redisUrl,
                MEMBER_SERVICE_URL: urls.member,
                REPORT_SERVICE_URL: urls.report,
                ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'],
                // Alert jobs of this stack only, when several stacks (tests) share one Redis.
                ALERT_QUEUE_NAME: 'alerts',
                ALERT_QUEUE_PREFIX: `${prefix}_alerts`,
              }
            : {}),
          ...(name === 'insights' ? { MEMBER_SERVICE_URL: urls.member, ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'] } : {}),
          ...(name === 'report'
            ? {
                MEMBER_SERVICE_URL: urls.member,
                ASSOCIATION_BILLING_SERVICE_URL: urls['association-billing'],
                REDIS_URL: options.redisUrl,
                // Lifecycle timers of this stack only, when several stacks (tests) share one Redis.
                REPORT_TIMER_QUEUE_NAME: 'report-timers',
                REPORT_TIMER_QUEUE_PREFIX: `${prefix}_report_timers`,
              }
            : {}),
        };
  };

  const children = new Map<string, ChildProcess>();
  const keyOf = (name: StackProcessName, replica: number) => `${name}#${replica}`;
  const checkReplica = (replica: number) => {
    if (!replicaIndexes.includes(replica)) throw new Error(`no replica ${replica}: the stack runs ${replicas}`);
  };
  const launch = async (name: StackProcessName, replica = 0) => {
    checkReplica(replica);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: `${repositoryRoot}/${workspaceOf[name]}`,
      env: { ...process.env, ...envOf(name, replica), METRICS_PORT: String(metricsPorts[name][replica]), ...options.envOf?.[name] },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(keyOf(name, replica), child);
    // The last lines it printed, to say why when it stops while starting.
    const lastLines: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        lastLines.push(line);
        if (lastLines.length > LAST_LINES_KEPT) lastLines.shift();
        options.onOutput?.(name, line, replica);
      });
    }
    const what = replicas > 1 ? `${name} (replica ${replica})` : name;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new StartFailure(`${what} exited with code ${code} while starting`, lastLines))),
    );
    exited.catch(() => undefined);
    const url = replicaUrls[name][replica] ?? '';
    await Promise.race([name === 'gateway' ? waitForHttp(url) : waitForHealthy(url), exited]);
  };

  /**
   * A free port picked here can be taken by another process before the gateway binds it (tests start many stacks at
   * once). Nothing calls a gateway, so it starts again on other free ports; a service's port is in its peers' settings.
   */
  const launchGateway = async (replica: number) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await launch('gateway', replica);
      } catch (error) {
        const portsGiven = replica === 0 && (options.ports?.gateway !== undefined || options.metricsPorts?.gateway !== undefined);
        if (attempt >= 3 || portsGiven || !(error instanceof StartFailure) || !error.portTaken()) throw error;
        ports.gateway[replica] = await freePort();
        replicaUrls.gateway[replica] = `http://127.0.0.1:${ports.gateway[replica]}`;
        metricsPorts.gateway[replica] = await freePort();
        if (replica === 0) metricsUrls.gateway = `http://127.0.0.1:${metricsPorts.gateway[replica]}/metrics`;
      }
    }
  };

  const stop = async () => {
    await Promise.all(
      [...children.keys()].map((key) => {
        const [name, replica] = key.split('#') as [StackProcessName, string];
        return kill(name, 'SIGTERM', Number(replica));
      }),
    );
  };
  const kill = async (name: StackProcessName, signal: NodeJS.Signals = 'SIGTERM', replica = 0) => {
    checkReplica(replica);
    const child = children.get(keyOf(name, replica));
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill(signal);
    return exit;
  };

  try {
    // One replica of every service at a time: a machine starting them all at once can take minutes to get each healthy.
    for (const replica of replicaIndexes) await Promise.all(STACK_SERVICES.map((name) => launch(name, replica)));
    await Promise.all(replicaIndexes.map((replica) => launchGateway(replica)));
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    gatewayUrl: urlsOf(0).gateway,
    gatewayUrls: replicaUrls.gateway,
    urls: urlsOf(0),
    replicaUrls,
    replicas,
    metricsUrls,
    pid: (name, replica = 0) => children.get(keyOf(name, replica))?.pid,
    alertQueue: { name: 'alerts', prefix: `${prefix}_alerts` },
    webPushKeysGenerated: webPushKeys !== undefined,
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
