import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { mongoTarget, testNatsUrl, testRedisUrl, uniqueDatabaseName, uniqueStreamName } from '@swarm/testing';
import { pino } from 'pino';
import { startEmbedded } from '../src/embedded.js';
import { startStack, type RunningStack } from '../src/stack.js';

/** What the end-to-end test needs of a running product, whichever mode runs it. */
export type RunningProduct = {
  baseUrl: string;
  /** Every log line printed so far by the part of the product that hosts the notification service. */
  notificationLog: () => Record<string, unknown>[];
  findDispatch: (reportId: string) => Promise<{ reportId: string } | undefined>;
  stop: () => Promise<void>;
};

export const SPA_MARKER = '<!-- swarm-alert test spa -->';
export const HASHED_ASSET = 'index-3f9a1c.js';

/** A stand-in build of the SPA, so the gateway's static serving is tested without building the frontend. */
export function staticDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-spa-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body>${SPA_MARKER}</body></html>`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', HASHED_ASSET), 'console.info("app");');
  return dir;
}

function parseJsonLines(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export async function startEmbeddedProduct(): Promise<RunningProduct> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const product = await startEmbedded({ port: 0, host: '127.0.0.1', staticDir: staticDirWithIndex(), loggerFor: (service) => pino({ level: 'info', base: { service } }, sink) });
  return {
    baseUrl: `http://127.0.0.1:${product.port}`,
    notificationLog: () => parseJsonLines(lines).filter((line) => line.service === 'notification'),
    findDispatch: async (reportId) => {
      try {
        return (await product.clients.notification.getAlertDispatch({ reportId })).dispatch;
      } catch {
        return undefined;
      }
    },
    stop: product.close,
  };
}

export type DistributedProduct = RunningProduct & { stack: RunningStack; stream: string };

export async function startDistributedProduct(extraEnv: Record<string, string> = {}): Promise<DistributedProduct> {
  const target = mongoTarget();
  if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
  const { stream, subjectPrefix } = uniqueStreamName();
  const output: string[] = [];
  const stack = await startStack({
    natsUrl: testNatsUrl(),
    redisUrl: testRedisUrl(),
    mongoUrl: target.url,
    databasePrefix: uniqueDatabaseName('e2e'),
    natsStream: stream,
    natsSubjectPrefix: subjectPrefix,
    env: { LOG_LEVEL: 'info', STATIC_DIR: staticDirWithIndex(), ...extraEnv },
    onOutput: (name, line) => {
      if (name === 'notification') output.push(line);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name}] ${line}\n`);
    },
  });
  const notification = createClient(NotificationService, createConnectTransport({ baseUrl: stack.urls.notification, httpVersion: '2' }));
  return {
    stack,
    stream,
    baseUrl: stack.gatewayUrl,
    notificationLog: () => parseJsonLines(output),
    findDispatch: async (reportId) => {
      try {
        return (await notification.getAlertDispatch({ reportId }, { timeoutMs: 2_000 })).dispatch;
      } catch {
        return undefined;
      }
    },
    stop: stack.stop,
  };
}
