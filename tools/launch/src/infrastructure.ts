import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    if (child.exitCode !== null) {
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

/** The machine's NATS with JetStream on 4222 when it runs; otherwise a private nats-server with -js. */
export async function ensureNats(): Promise<RunningServer> {
  if (await isListening(4222)) return { url: 'nats://127.0.0.1:4222', stop: async () => undefined };
  const binary = ensureBinary('nats-server', 'nats-server');
  const port = await freePort();
  const storeDir = mkdtempSync(join(tmpdir(), 'swarm-nats-'));
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
  await waitUntil(() => isListening(port), 10_000, 'nats-server');
  return { url: `nats://127.0.0.1:${port}`, stop: () => stopProcess(child, () => rmSync(storeDir, { recursive: true, force: true })) };
}

/** The machine's Redis on 6379 when it runs; otherwise a private redis-server that keeps nothing on disk. */
export async function ensureRedis(): Promise<RunningServer> {
  if (await isListening(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => undefined };
  const binary = ensureBinary('redis-server', 'redis-server');
  const port = await freePort();
  const child = spawn(binary, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitUntil(() => isListening(port), 10_000, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(child, () => undefined) };
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
