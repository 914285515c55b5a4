import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import webpush from 'web-push';

/** What the library's generateRequestDetails takes besides the subscription and payload, as this adapter uses it. */
export type EncryptionOptions = { headers: Record<string, string>; contentEncoding: 'aes128gcm'; TTL: number; urgency: webpush.Urgency; topic?: string };

/** A push message ready to go: the encrypted body and the headers the push service reads. */
export type EncryptedPushRequest = { endpoint: string; method: string; headers: Record<string, string | number>; body: Buffer };

/** Encrypts a payload for one subscription (aes128gcm, RFC 8291). */
export interface PushEncryption {
  encrypt(subscription: webpush.PushSubscription, payload: string, options: EncryptionOptions): Promise<EncryptedPushRequest>;
  close(): Promise<void>;
}

const requestOf = (details: webpush.RequestDetails): EncryptedPushRequest => ({
  endpoint: details.endpoint,
  method: details.method,
  headers: details.headers as Record<string, string | number>,
  body: Buffer.from(details.body ?? ''),
});

/** On the calling thread: for tests, and for a process that sends a handful of messages. */
export const encryptionOnThisThread: PushEncryption = {
  encrypt: async (subscription, payload, options) => requestOf(webpush.generateRequestDetails(subscription, payload, options)),
  close: async () => {},
};

// Plain JavaScript, so the worker runs alike under tsx, vitest and compiled code; the library's path comes from here.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const webpush = require(workerData.webPushPath);
parentPort.on('message', ({ id, subscription, payload, options }) => {
  try {
    const details = webpush.generateRequestDetails(subscription, payload, options);
    parentPort.postMessage({ id, request: { endpoint: details.endpoint, method: details.method, headers: details.headers, body: details.body } });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Pending = { resolve: (request: EncryptedPushRequest) => void; reject: (error: Error) => void };
type WorkerAnswer = { id: number; request?: { endpoint: string; method: string; headers: Record<string, string | number>; body: Uint8Array }; error?: string };

/**
 * On a worker thread of its own. Each message's encryption (an ECDH key pair and shared secret, HKDF, AES-GCM) costs
 * about 1.3 ms of CPU, most of what a notification costs: in a fan-out to a thousand members that is over a second
 * of the thread that also answers reporters. The worker starts at the first message, does not keep the process
 * alive, and is started again if it dies; messages it had in hand fail, to be retried as any unsent alert is.
 */
export class WorkerPushEncryption implements PushEncryption {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  encrypt(subscription: webpush.PushSubscription, payload: string, options: EncryptionOptions): Promise<EncryptedPushRequest> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, subscription: { endpoint: subscription.endpoint, keys: { ...subscription.keys } }, payload, options });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { webPushPath: createRequire(import.meta.url).resolve('web-push') } });
    worker.unref();
    worker.on('message', ({ id, request, error }: WorkerAnswer) => {
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (request) pending.resolve({ ...request, body: Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength) });
      else pending.reject(new Error(error ?? 'the payload could not be encrypted'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the push encryption worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
