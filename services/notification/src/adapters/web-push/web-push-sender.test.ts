import { Agent } from 'node:https';
import { createServer, type Server, type Socket } from 'node:net';
import { LocalPushService, unreachableUrl } from '@swarm/testing';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PushServiceUnavailable, type PushOptions, type PushSubscription } from '../../app/ports/push.js';
import { alertPushPayload, encryptedPushOctets, PUSH_LIMITS, PUSH_MESSAGE_MAX_OCTETS, type AlertPushInput } from '../../domain/push-payload.js';
import { publicAddressAgent } from './public-address-lookup.js';
import { encryptionOnThisThread, WorkerPushEncryption, type PushEncryption } from './push-encryption.js';
import { WebPushSender, type WebPushSenderOptions } from './web-push-sender.js';

const SUBJECT = 'mailto:alerts@swarm-alert.example';
const vapidKeys = webpush.generateVAPIDKeys();
const pushService = new LocalPushService();
let agent: Agent;

beforeAll(async () => {
  await pushService.start();
  agent = new Agent({ ca: pushService.certificate });
});
afterAll(async () => {
  agent.destroy();
  await pushService.stop();
});
beforeEach(() => pushService.reset());

let encryption: PushEncryption = encryptionOnThisThread;
const sender = (overrides: Partial<WebPushSenderOptions> = {}) =>
  new WebPushSender({ vapid: { subject: SUBJECT, ...vapidKeys }, agent, timeoutMs: 2_000, encryption, ...overrides });

/** A phone subscribing with the service's VAPID key (the member service validates subscriptions before they get here). */
function subscribedPhone(applicationServerKey = vapidKeys.publicKey): PushSubscription {
  const { endpoint, keys } = pushService.subscribe({ applicationServerKey });
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

const alert = (overrides: Partial<AlertPushInput> = {}) =>
  alertPushPayload({
    reportId: 'r-6f1c2a',
    claimCode: '04217',
    size: 'Basketball',
    elevationFeet: 12,
    distanceMiles: 2.3,
    town: 'Springfield',
    thumbnailUrl: 'https://swarm-alert.example/api/reports/r-6f1c2a/thumbnail',
    claimToken: 'v1.r-6f1c2a.m-77.Zm9vYmFy',
    claimUrl: 'https://swarm-alert.example/api/push/claim',
    ...overrides,
  });

const options: PushOptions = { ttlSeconds: 900, urgency: 'high', topic: 'swarm-report-r-6f1c2a' };

async function thrownBy(promise: Promise<unknown>): Promise<PushServiceUnavailable> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PushServiceUnavailable);
  return error as PushServiceUnavailable;
}

describe.each([
  ['on this thread', () => encryptionOnThisThread],
  ['on a worker thread', () => new WorkerPushEncryption()],
])('WebPushSender against the local push service, encrypting %s', (_where, makeEncryption) => {
  beforeAll(() => {
    encryption = makeEncryption();
  });
  afterAll(async () => {
    await encryption.close();
  });

  it('never connects to an endpoint whose name resolves to this machine or an internal network: the subscription is gone', async () => {
    const phone = subscribedPhone();
    const byName = { ...phone, endpoint: phone.endpoint.replace('127.0.0.1', 'localhost') };
    expect(await sender({ agent: publicAddressAgent() }).send(byName, alert(), options)).toEqual({ kind: 'gone' });
    expect(pushService.received).toEqual([]);
  });

  it('is accepted, and the phone decrypts exactly the payload sent, with the TTL, urgency and topic asked for', async () => {
    const phone = subscribedPhone();
    const payload = alert();

    const outcome = await sender().send(phone, payload, options);

    expect(outcome).toEqual({ kind: 'accepted' });
    expect(pushService.received).toHaveLength(1);
    const [received] = pushService.received;
    expect(received?.payload).toEqual(payload);
    expect(received).toMatchObject({ endpoint: phone.endpoint, ttlSeconds: 900, urgency: 'high', topic: 'swarm-report-r-6f1c2a' });
  });

  it('signs a VAPID token with its key, for the push service’s origin, naming its contact', async () => {
    await sender().send(subscribedPhone(), alert(), { ttlSeconds: 60, urgency: 'normal' });

    const vapid = pushService.received[0]?.vapid;
    expect(vapid).toMatchObject({ publicKey: vapidKeys.publicKey, audience: pushService.url, subject: SUBJECT });
    expect(vapid?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(pushService.received[0]?.topic).toBeUndefined();
  });

  it('signs one token per push service and reuses it, until it has less than an hour left', async () => {
    let now = Date.now();
    const cached = sender({ now: () => now });
    await cached.send(subscribedPhone(), alert(), options);
    now += 10 * 60 * 60 * 1000;
    await cached.send(subscribedPhone(), alert(), options);
    now += 60 * 60 * 1000 + 1_000;
    await cached.send(subscribedPhone(), alert(), options);

    const expiries = pushService.received.map((received) => received.vapid?.expiresAt.getTime());
    expect(expiries[0]).toBe(expiries[1]);
    expect(expiries[0]).toBeGreaterThanOrEqual(Date.now() + 11 * 60 * 60 * 1000);
    expect(expiries[2]).toBeGreaterThan(expiries[1] ?? Infinity);
    expect(pushService.received.every((received) => received.vapid?.audience === pushService.url)).toBe(true);
  });

  it('fits the alert with the longest value of every field into one message of at most 4096 octets', async () => {
    const payload = alert({
      reportId: 'r'.repeat(PUSH_LIMITS.reportIdLength),
      size: '🐝'.repeat(PUSH_LIMITS.sizeLength),
      town: '𝕊'.repeat(PUSH_LIMITS.townLength),
      thumbnailUrl: `https://${'t'.repeat(PUSH_LIMITS.urlLength - 8)}`,
      claimToken: 'k'.repeat(PUSH_LIMITS.claimTokenLength),
      claimUrl: `https://${'c'.repeat(PUSH_LIMITS.urlLength - 8)}`,
      wider: true,
    });

    expect(await sender().send(subscribedPhone(), payload, options)).toEqual({ kind: 'accepted' });

    const received = pushService.received[0];
    expect(received?.payload).toEqual(payload);
    expect(received?.bodyLength).toBe(encryptedPushOctets(payload));
    expect(received?.bodyLength).toBeLessThanOrEqual(PUSH_MESSAGE_MAX_OCTETS);
  });

  it.each([404, 410])('reports a subscription answered with %i as gone', async (status) => {
    const phone = subscribedPhone();
    pushService.answerWith(phone.endpoint, { status });

    expect(await sender().send(phone, alert(), options)).toEqual({ kind: 'gone' });
  });

  it('reports as gone a subscription the browser dropped, and one the push service never knew', async () => {
    const phone = subscribedPhone();
    pushService.expire(phone.endpoint);

    expect(await sender().send(phone, alert(), options)).toEqual({ kind: 'gone' });
    expect(await sender().send({ ...phone, endpoint: `${pushService.url}/push/unknown` }, alert(), options)).toEqual({ kind: 'gone' });
  });

  it.each([
    [400, 'BadDeviceToken'],
    [403, 'BadJwtToken'],
    [413, 'PayloadTooLarge'],
  ])('reports a %i answer as rejected, with the push service’s reason', async (status, reason) => {
    const phone = subscribedPhone();
    pushService.answerWith(phone.endpoint, { status, reason });

    expect(await sender().send(phone, alert(), options)).toEqual({ kind: 'rejected', status, reason });
  });

  it('is rejected with 403 by a subscription made for another VAPID key', async () => {
    const phone = subscribedPhone(webpush.generateVAPIDKeys().publicKey);

    const outcome = await sender().send(phone, alert(), options);

    expect(outcome).toMatchObject({ kind: 'rejected', status: 403 });
    expect(pushService.received).toHaveLength(0);
  });

  it.each([500, 503])('throws on a %i answer, so the job is retried', async (status) => {
    const phone = subscribedPhone();
    pushService.answerWith(phone.endpoint, { status });

    const error = await thrownBy(sender().send(phone, alert(), options));

    expect(error.status).toBe(status);
    expect(error.message).not.toContain(phone.endpoint);
  });

  it('throws on 429 with the push service’s Retry-After, and is accepted once it lets messages through again', async () => {
    const phone = subscribedPhone();
    pushService.answerWith(phone.endpoint, { status: 429, retryAfterSeconds: 30, times: 1 });

    const error = await thrownBy(sender().send(phone, alert(), options));

    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(await sender().send(phone, alert(), options)).toEqual({ kind: 'accepted' });
  });

  it('throws when the push service cannot be reached', async () => {
    const phone = subscribedPhone();
    const closedPort = new URL(await unreachableUrl()).port;

    const error = await thrownBy(sender().send({ ...phone, endpoint: `https://127.0.0.1:${closedPort}/push/x` }, alert(), options));

    expect(error.status).toBeUndefined();
    expect(error.message).toMatch(/ECONNREFUSED/);
  });

  it('throws when the push service takes the connection and never answers, after the timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const startedAt = Date.now();
    try {
      const error = await thrownBy(sender({ timeoutMs: 300 }).send({ ...subscribedPhone(), endpoint: `https://127.0.0.1:${port}/push/x` }, alert(), options));

      expect(error.message).toMatch(/timeout/i);
      expect(Date.now() - startedAt).toBeLessThan(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('refuses options no push service takes as the caller’s mistake, before sending', async () => {
    const phone = subscribedPhone();

    await expect(sender().send(phone, alert(), { ...options, ttlSeconds: -1 })).rejects.toThrow(TypeError);
    await expect(sender().send(phone, alert(), { ...options, topic: 'a'.repeat(33) })).rejects.toThrow(TypeError);
    expect(pushService.received).toHaveLength(0);
    expect(pushService.refused).toHaveLength(0);
  });

  it('refuses malformed VAPID keys when it is made, not at the first alert', () => {
    expect(() => new WebPushSender({ vapid: { subject: SUBJECT, publicKey: 'not-a-key', privateKey: vapidKeys.privateKey } })).toThrow();
    expect(() => new WebPushSender({ vapid: { subject: 'alerts team', ...vapidKeys } })).toThrow();
  });
});

describe('the worker thread that encrypts push messages', () => {
  const phone = () => subscribedPhone();
  const encryptionOptions = { headers: { Authorization: 'vapid t=x, k=y' }, contentEncoding: 'aes128gcm', TTL: 60, urgency: 'high' } as const;

  it('encrypts each message apart, for many at once, the same way as this thread', async () => {
    const worker = new WorkerPushEncryption();
    try {
      const subscription = phone();
      const requests = await Promise.all(Array.from({ length: 50 }, (_, index) => worker.encrypt(subscription, `message ${index}`, encryptionOptions)));
      const here = await encryptionOnThisThread.encrypt(subscription, 'message 0', encryptionOptions);
      expect(new Set(requests.map((request) => request.body.toString('base64'))).size).toBe(50);
      expect(requests[0]?.headers).toEqual(here.headers);
      expect(requests[0]?.body.length).toBe(here.body.length);
      expect(requests.every((request) => request.endpoint === subscription.endpoint && request.method === 'POST')).toBe(true);
    } finally {
      await worker.close();
    }
  });

  it('fails a message it cannot encrypt, with the reason, and goes on with the next', async () => {
    const worker = new WorkerPushEncryption();
    try {
      const broken = { endpoint: phone().endpoint, keys: { p256dh: 'not-a-key', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } };
      await expect(worker.encrypt(broken, 'hello', encryptionOptions)).rejects.toThrow(/p256dh/);
      await expect(worker.encrypt(phone(), 'hello', encryptionOptions)).resolves.toMatchObject({ method: 'POST' });
    } finally {
      await worker.close();
    }
  });

  it('starts again after it stopped, failing only the messages it had in hand', async () => {
    const worker = new WorkerPushEncryption();
    try {
      const inHand = worker.encrypt(phone(), 'hello', encryptionOptions);
      await worker.close();
      await expect(inHand).rejects.toThrow(/stopped/);
      await expect(worker.encrypt(phone(), 'hello again', encryptionOptions)).resolves.toMatchObject({ method: 'POST' });
    } finally {
      await worker.close();
    }
  });
});
