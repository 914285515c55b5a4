/**
 * A push service (RFC 8030) on a local HTTPS port, in a process of its own, for the benchmark's fan-out by
 * notification: the product's web-push sender and the bare web-push client both hand it their messages, and the
 * benchmark asks when the n-th message to a group of subscriptions arrived (epoch milliseconds, comparable across the
 * processes of this machine), as sms-sink-host.ts does for SMS.
 *
 * Subscriptions are made as a browser makes them (a P-256 key pair and a 16-octet auth secret each), in groups (the
 * product's members, the bare client's, a probe). Every message gets the cheap checks of a push service (a known
 * subscription, POST, a VAPID Authorization, TTL, `Content-Encoding: aes128gcm`, at most 4096 octets). The first
 * message to each group and every 100th after it also get the full ones of `LocalPushService` (@swarm/testing): the
 * VAPID token verified for this origin and the body decrypted with the subscription's keys, and the text is kept. The
 * full checks cost about 1 ms of CPU a message here, as much as sending one: done on all 1,000 of a fan-out they would
 * make this process the bottleneck, and the figure would measure the receiver instead of the senders.
 * A message that fails a check is answered 400 and never counted, so a round with one never completes.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptPushMessage, selfSignedCertificate, verifyVapidAuthorization, type BrowserPushSubscription } from '@swarm/testing';
import { serveCommands } from './bench-process.js';

/** RFC 8030 §7.2: a push service must accept 4096 octets of payload and may refuse more. */
const MAX_BODY_OCTETS = 4_096;
/** One message in this many of each group is verified and decrypted in full (the first one included). */
const FULL_CHECK_EVERY = 100;

type Subscription = { group: string; privateKey: Buffer; authSecret: Buffer };
type Group = {
  arrivals: number[];
  /** Messages verified and decrypted in full, and the last text decrypted (what a phone would show). */
  fullyChecked: number;
  lastText: string;
  lastTopic: string | undefined;
  refused: string[];
};

const { certificate, privateKey } = selfSignedCertificate();
const subscriptions = new Map<string, Subscription>();
const groups = new Map<string, Group>();
const waiters: { group: string; count: number; resolve: (atEpochMs: number) => void }[] = [];
let origin = '';

const groupOf = (name: string): Group => {
  let group = groups.get(name);
  if (!group) {
    group = { arrivals: [], fullyChecked: 0, lastText: '', lastTopic: undefined, refused: [] };
    groups.set(name, group);
  }
  return group;
};

function settleWaiters(): void {
  for (const waiter of [...waiters]) {
    const reached = groupOf(waiter.group).arrivals[waiter.count - 1];
    if (reached !== undefined) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(reached);
    }
  }
}

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Why the message is refused, or undefined when it is accepted; `full` adds the VAPID signature and the decryption. */
function refusal(request: IncomingMessage, body: Buffer, subscription: Subscription, group: Group, full: boolean): string | undefined {
  if (request.method !== 'POST') return `${request.method ?? '?'} is not POST`;
  const authorization = header(request, 'authorization') ?? '';
  if (!/^vapid t=[^,]+, ?k=/.test(authorization)) return 'no VAPID Authorization';
  const ttl = header(request, 'ttl');
  if (ttl === undefined || !/^\d{1,10}$/.test(ttl)) return 'the TTL header is missing or not a number of seconds';
  if (header(request, 'content-encoding') !== 'aes128gcm') return 'the Content-Encoding is not aes128gcm';
  if (body.length === 0 || body.length > MAX_BODY_OCTETS) return `the body is ${body.length} octets`;
  if (!full) return undefined;
  try {
    verifyVapidAuthorization(authorization, { audience: origin });
    const message = decryptPushMessage(body, { privateKey: subscription.privateKey, authSecret: subscription.authSecret });
    if (message.records !== 1) return `the message has ${message.records} records; Web Push allows one`;
    group.fullyChecked += 1;
    group.lastText = message.plaintext.toString('utf8');
    group.lastTopic = header(request, 'topic');
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

const server = createServer({ cert: certificate, key: privateKey }, (request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const arrivedAt = Date.now();
    const body = Buffer.concat(chunks);
    const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
    const subscription = id === undefined ? undefined : subscriptions.get(id);
    if (!subscription) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ reason: 'no such push subscription' }));
      return;
    }
    const group = groupOf(subscription.group);
    const reason = refusal(request, body, subscription, group, group.arrivals.length % FULL_CHECK_EVERY === 0);
    if (reason !== undefined) {
      group.refused.push(reason);
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ reason }));
      return;
    }
    group.arrivals.push(arrivedAt);
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}`, ttl: header(request, 'ttl') ?? '0' });
    response.end();
    settleWaiters();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** `count` new subscriptions of the group, as `PushSubscription.toJSON()` hands them to a site. */
function subscribe(args: { group: string; count: number }): BrowserPushSubscription[] {
  groupOf(args.group);
  return Array.from({ length: args.count }, () => {
    const userAgent = createECDH('prime256v1');
    userAgent.generateKeys();
    const authSecret = randomBytes(16);
    const id = randomBytes(24).toString('base64url');
    // getPrivateKey() drops leading zero octets; the scalar is 32 octets.
    subscriptions.set(id, { group: args.group, privateKey: Buffer.from(userAgent.getPrivateKey().toString('hex').padStart(64, '0'), 'hex'), authSecret });
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: userAgent.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
  });
}

serveCommands(origin, {
  /** The self-signed certificate (PEM) the senders must trust (NODE_EXTRA_CA_CERTS). */
  certificate: async () => certificate,
  subscribe: async (args: { group: string; count: number }) => subscribe(args),
  count: async (args: { group: string }) => groupOf(args.group).arrivals.length,
  /** How many messages to the group were verified and decrypted in full, the last text and topic, and any refusal. */
  checked: async (args: { group: string }) => {
    const { fullyChecked, lastText, lastTopic, refused } = groupOf(args.group);
    return { fullyChecked, lastText, lastTopic, refused: refused.slice(-5), refusedCount: refused.length };
  },
  /** When the `count`-th message to the group arrived, waiting for it up to `timeoutMs`. */
  arrivalOf: (args: { group: string; count: number; timeoutMs: number }) =>
    new Promise<number>((resolve, reject) => {
      const waiter = { group: args.group, count: args.count, resolve: (at: number) => (clearTimeout(timer), resolve(at)) };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(waiter), 1);
        const group = groupOf(args.group);
        const refused = group.refused.length > 0 ? `; ${group.refused.length} refused, the last: ${group.refused.at(-1)}` : '';
        reject(new Error(`only ${group.arrivals.length} of ${args.count} push messages to ${args.group} within ${args.timeoutMs} ms${refused}`));
      }, args.timeoutMs);
      waiters.push(waiter);
      settleWaiters();
    }),
});
