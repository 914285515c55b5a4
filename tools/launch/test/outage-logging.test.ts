import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ensureBinary, freePort, isListening, startJongodb, waitUntil, type RunningServer } from '../src/infrastructure.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const REDIS_PASSWORD = 'outage-test-s3cret';

type LogLine = Record<string, unknown> & { level?: string; msg?: string; component?: string };

/** A service or gateway process whose stdout and stderr are kept line by line, apart. */
class ServiceProcess {
  readonly stdout: string[] = [];
  readonly stderr: string[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;

  constructor(workspace: string, env: Record<string, string>) {
    const inherited = { ...process.env };
    for (const variable of ['SMTP_URL', 'MONGODB_URL', 'REDIS_URL', 'NATS_URL']) delete inherited[variable];
    this.child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: join(root, workspace),
      env: { ...inherited, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (into: string[]) => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        into.push(...lines.filter((line) => line.trim() !== ''));
      };
    };
    this.child.stdout?.on('data', collect(this.stdout));
    this.child.stderr?.on('data', collect(this.stderr));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  /** Every line printed, parsed; a line that is not JSON fails the caller with the line itself. */
  logLines(): LogLine[] {
    return [...this.stdout, ...this.stderr].map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${line}`);
      }
    });
  }

  printed(message: string): boolean {
    return this.stdout.some((line) => line.includes(message));
  }

  exitCode(): Promise<number | null> {
    return this.exited;
  }

  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** A private redis-server that requires a password, so the test can check the password never reaches a log. */
async function startRedis(port: number): Promise<{ stop: () => Promise<void> }> {
  const binary = ensureBinary('redis-server', 'redis-server');
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--requirepass', REDIS_PASSWORD], {
    stdio: 'ignore',
  });
  await waitUntil(() => isListening(port), 10_000, 'redis-server');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function startNats(port: number): Promise<{ stop: () => Promise<void> }> {
  const binary = ensureBinary('nats-server', 'nats-server');
  const storeDir = mkdtempSync(join(tmpdir(), 'swarm-outage-nats-'));
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await waitUntil(() => isListening(port), 10_000, 'nats-server');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

const redisWarnings = (lines: LogLine[]) => lines.filter((line) => line.level === 'warn' && line.component === 'redis');

// Processes started through tsx, and servers stopped and started again: slower than a unit test on a busy machine.
describe('service processes while Redis, NATS and MongoDB go away', { timeout: 90_000 }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  });

  it('print only JSON log lines, warn once per Redis outage without the password, and say when Redis is back', async () => {
    const redisPort = await freePort();
    let redis = await startRedis(redisPort);
    cleanups.push(() => redis.stop());
    const natsPort = await freePort();
    const nats = await startNats(natsPort);
    cleanups.push(() => nats.stop());
    const mongo: RunningServer = await startJongodb();
    cleanups.push(() => mongo.stop());

    const redisUrl = `redis://:${REDIS_PASSWORD}@127.0.0.1:${redisPort}`;
    const notification = new ServiceProcess('services/notification', {
      PORT: '0',
      STORE: 'mongo',
      MONGODB_URL: mongo.url,
      MONGODB_DATABASE: `outage_${redisPort}`,
      EVENT_BUS: 'nats',
      NATS_URL: `nats://127.0.0.1:${natsPort}`,
      REDIS_URL: redisUrl,
      ALERT_QUEUE_PREFIX: `outage-${redisPort}`,
    });
    cleanups.push(() => notification.kill());
    const gateway = new ServiceProcess('gateway', {
      PORT: '0',
      HOST: '127.0.0.1',
      SESSION_STORE: 'redis',
      REDIS_URL: redisUrl,
      MAILER: 'dev-outbox',
      BOT_CHECK: 'dev',
    });
    cleanups.push(() => gateway.kill());
    await waitUntil(() => notification.printed('rpc server listening') && gateway.printed('Server listening'), 45_000, 'both processes to listen');

    await Promise.all([redis.stop(), nats.stop(), mongo.stop()]);
    // ioredis retries within milliseconds at first, BullMQ every second or more: many retries in this time.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    redis = await startRedis(redisPort);
    await waitUntil(
      () => notification.printed('redis connection restored') && gateway.printed('redis connection restored'),
      30_000,
      'both processes to see Redis back',
    );

    for (const process of [notification, gateway]) {
      const lines = process.logLines();
      expect(redisWarnings(lines).map((line) => line.msg)).toEqual(['redis connection failed; retrying']);
      expect(redisWarnings(lines)[0]).toMatchObject({ url: `redis://127.0.0.1:${redisPort}` });
      expect([...process.stdout, ...process.stderr].join('\n')).not.toContain(REDIS_PASSWORD);
      const restored = lines.find((line) => line.msg === 'redis connection restored');
      expect(restored?.errors).toEqual(expect.any(Number));
    }
    expect(notification.logLines().some((line) => line.msg === 'nats connection lost; reconnecting')).toBe(true);
  });

  it.each([
    ['services/notification', { STORE: 'memory', EVENT_BUS: 'memory' }],
    ['gateway', { HOST: '127.0.0.1', SESSION_STORE: 'redis', MAILER: 'dev-outbox', BOT_CHECK: 'dev' }],
  ])('%s stops with JSON log lines only when Redis is not there at start', async (workspace, env) => {
    const deadPort = await freePort();
    const service = new ServiceProcess(workspace, { PORT: '0', REDIS_URL: `redis://:${REDIS_PASSWORD}@127.0.0.1:${deadPort}`, ...env });
    cleanups.push(() => service.kill());
    expect(await service.exitCode()).toBe(1);
    const lines = service.logLines();
    expect(lines.some((line) => line.level === 'fatal' && line.msg === 'failed to start')).toBe(true);
    expect([...service.stdout, ...service.stderr].join('\n')).not.toContain(REDIS_PASSWORD);
  });
});
