import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, isListening, waitUntil } from './ports.js';

export { freePort, isListening, waitUntil };

export type RunningServer = { url: string; stop: () => Promise<void> };

/**
 * Installs a Debian package when its binary is missing, so the suite runs on a fresh machine.
 * Only root can; anyone else gets a message naming the package.
 */
export function ensureBinary(binary: string, debianPackage: string): string {
  const found = spawnSync('sh', ['-c', `command -v ${binary} || ls /usr/sbin/${binary} /usr/bin/${binary} 2>/dev/null`], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  if (path) return path;
  if (process.getuid?.() !== 0) throw new Error(`${binary} is missing: install the Debian package ${debianPackage}`);
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', debianPackage]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
  return ensureBinary(binary, debianPackage);
}

function stopProcess(child: ChildProcess, cleanup: () => void): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanup();
      resolve();
      return;
    }
    child.once('exit', () => {
      cleanup();
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * A private server on a fixed port and data directory that can be killed and started again on both, as a machine
 * that restarts its NATS or Redis would: what it had stored is read back from the directory.
 */
export type RestartableServer = RunningServer & {
  port: number;
  /** Where the server keeps its data; it outlives kill() and restart(), and is removed by stop() when private. */
  dataDir: string;
  pid(): number | undefined;
  /** Sends a signal (SIGTERM when none) and waits for the process to exit; a stopped server stays stopped. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts the server again (after kill) on the same port and data directory, and waits until it serves. */
  restart(): Promise<void>;
};

type ServerProcess = {
  binary: string;
  args: string[];
  /** Resolves once the freshly started process serves; throws when it does not in time. */
  ready: () => Promise<void>;
  what: string;
};

/** Private servers still running: killed when this process exits, so a test runner that stops early leaves none. */
const runningServers = new Set<ChildProcess>();
let killOnExitInstalled = false;

function killOnExit(child: ChildProcess): void {
  runningServers.add(child);
  child.once('exit', () => runningServers.delete(child));
  if (killOnExitInstalled) return;
  killOnExitInstalled = true;
  process.once('exit', () => {
    for (const server of runningServers) server.kill('SIGKILL');
  });
}

async function startRestartable(spec: ServerProcess & { url: string; port: number; dataDir: string; removeDataDir: boolean }): Promise<RestartableServer> {
  let child: ChildProcess | undefined;
  const launch = async () => {
    if (child && child.exitCode === null && child.signalCode === null) throw new Error(`${spec.what} is still running`);
    const output: string[] = [];
    const started = spawn(spec.binary, spec.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    killOnExit(started);
    for (const stream of [started.stdout, started.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.length > 50) output.shift();
      });
    }
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code, signal) => reject(new Error(`${spec.what} exited (${signal ?? code}) while starting: ${output.join('')}`))),
    );
    exited.catch(() => undefined);
    try {
      await Promise.race([spec.ready(), exited]);
    } catch (error) {
      started.kill('SIGKILL');
      throw error;
    }
  };
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exit = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill(signal);
    await exit;
  };
  await launch();
  return {
    url: spec.url,
    port: spec.port,
    dataDir: spec.dataDir,
    pid: () => child?.pid,
    kill,
    restart: launch,
    stop: async () => {
      await kill('SIGTERM');
      if (spec.removeDataDir) rmSync(spec.dataDir, { recursive: true, force: true });
    },
  };
}

export type PrivateServerOptions = {
  /** A free port is picked when none is given. */
  port?: number;
  /** Kept when given; otherwise a new temporary directory, removed by stop(). */
  dataDir?: string;
};

/**
 * A private nats-server with JetStream storing its streams as files under its data directory, so a restart on the
 * same directory has every stream, message and durable consumer back. `healthz` on its monitoring port says when
 * JetStream has recovered. (The deployed server adds `sync_interval: always`, which the Debian 2.9 server lacks; a
 * killed process loses nothing either way, only a crashed machine could.)
 */
export async function startNats(options: PrivateServerOptions = {}): Promise<RestartableServer> {
  const binary = ensureBinary('nats-server', 'nats-server');
  const port = options.port ?? (await freePort());
  const monitorPort = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'swarm-nats-'));
  return startRestartable({
    what: 'nats-server',
    url: `nats://127.0.0.1:${port}`,
    binary,
    args: ['-a', '127.0.0.1', '-p', String(port), '-m', String(monitorPort), '-js', '-sd', dataDir],
    ready: () => waitUntil(() => natsHealthy(monitorPort), 20_000, `nats-server on ${port} to be healthy`),
    port,
    dataDir,
    removeDataDir: !options.dataDir,
  });
}

async function natsHealthy(monitorPort: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${monitorPort}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * A private redis-server persisted as the deployed one is (deploy/k8s/base/infra/redis.yaml): an append-only file
 * in its data directory, fsynced every second, and `noeviction`, so a restart on the same directory keeps the
 * delayed alert jobs and sessions it held. It is ready once it answers PING, that is after reading the AOF back.
 */
export async function startRedis(options: PrivateServerOptions = {}): Promise<RestartableServer> {
  const binary = ensureBinary('redis-server', 'redis-server');
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'swarm-redis-'));
  return startRestartable({
    what: 'redis-server',
    url: `redis://127.0.0.1:${port}`,
    binary,
    args: ['--bind', '127.0.0.1', '--port', String(port), '--dir', dataDir, '--appendonly', 'yes', '--appendfsync', 'everysec', '--maxmemory-policy', 'noeviction'],
    ready: () => waitUntil(() => redisAnswersPing(port), 20_000, `redis-server on ${port} to answer PING`),
    port,
    dataDir,
    removeDataDir: !options.dataDir,
  });
}

/** PING over the wire: a Redis still loading its AOF answers -LOADING, one not listening refuses the connection. */
export function redisAnswersPing(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.connect(port, host, () => socket.write('PING\r\n'));
  });
}

/** The machine's NATS with JetStream on 4222 when it runs; otherwise a private one (see startNats). */
export async function ensureNats(): Promise<RunningServer> {
  if (await isListening(4222)) return { url: 'nats://127.0.0.1:4222', stop: async () => undefined };
  return startNats();
}

/** The machine's Redis on 6379 when it runs; otherwise a private one with AOF persistence (see startRedis). */
export async function ensureRedis(): Promise<RunningServer> {
  if (await isListening(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => undefined };
  return startRedis();
}

/**
 * A MongoDB-compatible server (jongodb, shipped as a binary in an npm package) on a free port.
 * It lacks projections, $push, geo queries, change streams and TTL deletion: tests needing those run on real MongoDB only.
 */
export async function startJongodb(): Promise<RunningServer> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@jongodb/memory-server-bin-linux-x64-gnu/package.json'));
  const port = await freePort();
  const child = spawn(join(packageDir, 'bin', 'jongodb'), ['--host=127.0.0.1', `--port=${port}`, '--database=test'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`jongodb did not start: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /JONGODB_URI=(\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`jongodb exited with ${code}: ${output}`)));
  });
  // The URI names the launch database; services pick their own database on the same server.
  const serverUrl = url.replace(/\/[^/]*$/, '/');
  return { url: serverUrl, stop: () => stopProcess(child, () => undefined) };
}
