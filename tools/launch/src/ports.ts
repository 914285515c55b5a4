import { createServer, Socket } from 'node:net';

/**
 * Ports handed out in a test worker come from a range of its own, below the system's ephemeral ports (32768 and up),
 * taken in turn: a port picked by asking the system for any free one can be picked again by another worker before the
 * process it was meant for binds it, and a stack then talks to another test's server.
 */
const WORKER_PORT_BASE = 16_000;
const WORKER_PORT_RANGE = 2_000;
const WORKERS_WITH_A_RANGE = 8;
const workerId = Number(process.env.VITEST_POOL_ID);
let nextInRange = 0;

/** A port free now on 127.0.0.1: in a test worker, the next free one of the worker's range; elsewhere any. */
export async function freePort(): Promise<number> {
  if (Number.isInteger(workerId) && workerId >= 1) {
    const base = WORKER_PORT_BASE + ((workerId - 1) % WORKERS_WITH_A_RANGE) * WORKER_PORT_RANGE;
    for (let tried = 0; tried < WORKER_PORT_RANGE; tried += 1) {
      const port = base + (nextInRange++ % WORKER_PORT_RANGE);
      if (await canListen(port)) return port;
    }
  }
  return listenAndClose(0);
}

async function canListen(port: number): Promise<boolean> {
  try {
    await listenAndClose(port);
    return true;
  } catch {
    return false;
  }
}

/** Listens on the port (0: any the system chooses), closes, and answers the port. */
function listenAndClose(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}
