import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from './self-signed-certificate.js';
import { verifyVapidAuthorization, VapidError, type VapidIdentity } from './vapid-token.js';
import { decryptPushMessage, PushDecryptionError } from './web-push-decryption.js';

/** `PushSubscription.toJSON()` as a browser hands it to the site. */
export type BrowserPushSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** A push message the service accepted (201), decrypted as the browser would. */
export type ReceivedPush = {
  subscriptionId: string;
  endpoint: string;
  ttlSeconds: number;
  urgency: PushUrgency;
  topic: string | undefined;
  vapid: VapidIdentity;
  /** Octets of the encrypted body as sent; at most 4096. */
  bodyLength: number;
  /** The decrypted text, and its JSON when it is JSON (undefined otherwise). */
  text: string;
  payload: unknown;
  /** The push message resource answered in Location. */
  location: string;
  arrivedAt: Date;
};

/** A request the service answered with anything but 201, and why. */
export type RefusedPush = { path: string; status: number; reason: string };

/** What a subscription answers instead of accepting, for the next `times` messages (every one when not given). */
export type ForcedAnswer = { status: number; reason?: string; retryAfterSeconds?: number; times?: number };

type LocalSubscription = {
  id: string;
  userAgent: { privateKey: Buffer; authSecret: Buffer };
  /** The VAPID key the browser subscribed with: messages signed by another key get 403 (RFC 8292 §4). */
  applicationServerKey: string | undefined;
  expired: boolean;
  forced: ForcedAnswer | undefined;
};

/** RFC 8030 §7.2: a push service must accept 4096 octets of payload and may refuse more with 413. */
const MAX_BODY_OCTETS = 4096;
const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];

/**
 * A push service (RFC 8030) on a local HTTPS port, for testing Web Push senders over the network. It holds the
 * subscriptions a test creates, as a browser's push service would, checks each message as a strict push service does
 * (VAPID token, TTL, Urgency, Topic, aes128gcm, size) and decrypts it with the subscription's private key and auth
 * secret, so a test reads the JSON a phone would get. Unlike a real push service it refuses, with 400, a body it
 * cannot decrypt or that uses more than one record (RFC 8291 §4), so a sender's encryption faults show up as a failed
 * send. A subscription can be told to answer 404, 410, 429, 500… instead.
 *
 * web-push sends over HTTPS only; the service's certificate is self-signed for 127.0.0.1, so the client passes
 * `certificate` as its trusted CA.
 */
export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  readonly refused: RefusedPush[] = [];
  readonly certificate: string;
  /** The push service's origin (https://127.0.0.1:port): the audience VAPID tokens must name. */
  url = '';
  private readonly privateKey: string;
  private readonly subscriptions = new Map<string, LocalSubscription>();
  private server: Server | undefined;

  constructor() {
    const { certificate, privateKey } = selfSignedCertificate();
    this.certificate = certificate;
    this.privateKey = privateKey;
  }

  async start(): Promise<void> {
    const server = createServer({ cert: this.certificate, key: this.privateKey }, (request, response) => {
      void this.handle(request, response).catch((error: unknown) => {
        this.answer(response, request.url ?? '', 500, `the local push service failed: ${String(error)}`);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /**
   * A new subscription, as `pushManager.subscribe()` makes one: a P-256 key pair and a 16-octet auth secret of its
   * own, the public key and secret handed out base64url-encoded. `userAgentKeys` imports fixed keys instead (the
   * RFC 8291 example's, say); `applicationServerKey` restricts it to messages signed with that VAPID key.
   */
  subscribe(options: { applicationServerKey?: string; userAgentKeys?: { privateKey: string; auth: string } } = {}): BrowserPushSubscription {
    if (!this.url) throw new Error('start the local push service before subscribing');
    const userAgent = createECDH('prime256v1');
    if (options.userAgentKeys) userAgent.setPrivateKey(Buffer.from(options.userAgentKeys.privateKey, 'base64url'));
    else userAgent.generateKeys();
    const authSecret = options.userAgentKeys ? Buffer.from(options.userAgentKeys.auth, 'base64url') : randomBytes(16);
    const id = randomBytes(24).toString('base64url');
    this.subscriptions.set(id, {
      id,
      // getPrivateKey() drops leading zero octets; the scalar is 32 octets.
      userAgent: { privateKey: Buffer.from(userAgent.getPrivateKey().toString('hex').padStart(64, '0'), 'hex'), authSecret },
      applicationServerKey: options.applicationServerKey,
      expired: false,
      forced: undefined,
    });
    return {
      endpoint: `${this.url}/push/${id}`,
      expirationTime: null,
      keys: { p256dh: userAgent.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    };
  }

  /** Makes the subscription answer `answer` instead of accepting (undefined: accept again). */
  answerWith(endpoint: string, answer: ForcedAnswer | undefined): void {
    this.subscriptionAt(endpoint).forced = answer && { ...answer };
  }

  /** The browser dropped the subscription (the user revoked permission): every message to it gets 410 Gone. */
  expire(endpoint: string): void {
    this.subscriptionAt(endpoint).expired = true;
  }

  /** Forgets what was received and refused and every forced answer; subscriptions stay. */
  reset(): void {
    this.received.length = 0;
    this.refused.length = 0;
    for (const subscription of this.subscriptions.values()) subscription.forced = undefined;
  }

  private subscriptionAt(endpoint: string): LocalSubscription {
    const id = /\/push\/([^/?#]+)$/.exec(endpoint)?.[1];
    const subscription = id === undefined ? undefined : this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription of this local push service at ${endpoint}`);
    return subscription;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = request.url ?? '';
    const body = await readBody(request, MAX_BODY_OCTETS);
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(path)?.[1];
    const subscription = id === undefined ? undefined : this.subscriptions.get(id);
    if (request.method !== 'POST' || !subscription) return this.answer(response, path, 404, 'no such push subscription');
    if (subscription.expired) return this.answer(response, path, 410, 'the push subscription has expired or been unsubscribed');
    const forced = subscription.forced;
    if (forced) {
      if (forced.times !== undefined && (forced.times -= 1) <= 0) subscription.forced = undefined;
      const headers: Record<string, string> = forced.retryAfterSeconds === undefined ? {} : { 'retry-after': String(forced.retryAfterSeconds) };
      return this.answer(response, path, forced.status, forced.reason ?? `answer ${forced.status} as told by the test`, headers);
    }

    let vapid: VapidIdentity;
    try {
      vapid = verifyVapidAuthorization(request.headers.authorization, { audience: this.url });
    } catch (error) {
      if (error instanceof VapidError) return this.answer(response, path, 401, `VAPID: ${error.message}`);
      throw error;
    }
    if (subscription.applicationServerKey !== undefined && vapid.publicKey !== subscription.applicationServerKey) {
      return this.answer(response, path, 403, 'VAPID: the message is signed with another key than the subscription was made for');
    }

    // RFC 8030 §5.2: TTL is required; §5.3 Urgency; §5.4 Topic, at most 32 base64url characters.
    const ttl = header(request, 'ttl');
    if (ttl === undefined || !/^\d{1,10}$/.test(ttl)) return this.answer(response, path, 400, 'the TTL header is missing or not a number of seconds');
    const urgency = (header(request, 'urgency') ?? 'normal') as PushUrgency;
    if (!URGENCIES.includes(urgency)) return this.answer(response, path, 400, `the Urgency ${JSON.stringify(urgency)} is not very-low, low, normal or high`);
    const topic = header(request, 'topic');
    if (topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(topic)) return this.answer(response, path, 400, 'the Topic is not 1 to 32 base64url characters');
    if (body === undefined) return this.answer(response, path, 413, `the body is larger than ${MAX_BODY_OCTETS} octets`);

    let text = '';
    if (body.length > 0) {
      const encoding = header(request, 'content-encoding');
      if (encoding !== 'aes128gcm') return this.answer(response, path, 400, `the Content-Encoding ${JSON.stringify(encoding)} is not aes128gcm`);
      try {
        const message = decryptPushMessage(body, subscription.userAgent);
        if (message.records !== 1) return this.answer(response, path, 400, `the message has ${message.records} records; Web Push allows one (RFC 8291 §4)`);
        text = message.plaintext.toString('utf8');
      } catch (error) {
        if (error instanceof PushDecryptionError) return this.answer(response, path, 400, `the payload does not decrypt: ${error.message}`);
        throw error;
      }
    }

    const location = `${this.url}/message/${randomUUID()}`;
    this.received.push({
      subscriptionId: subscription.id,
      endpoint: `${this.url}${path}`,
      ttlSeconds: Number(ttl),
      urgency,
      topic,
      vapid,
      bodyLength: body.length,
      text,
      payload: parseJson(text),
      location,
      arrivedAt: new Date(),
    });
    response.writeHead(201, { location, ttl });
    response.end();
  }

  private answer(response: ServerResponse, path: string, status: number, reason: string, headers: Record<string, string> = {}): void {
    this.refused.push({ path, status, reason });
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ reason }));
  }
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The body, or undefined when it is longer than `limit` (the rest is read and dropped, so the answer still arrives). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    request.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(length > limit ? undefined : Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
