import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalPushService, type BrowserPushSubscription } from './local-push-service.js';
import { encryptForTest, postPush, testVapidKey, vapidAuthorization } from './web-push-sender.test-support.js';

const pushService = new LocalPushService();
const vapidKey = testVapidKey();
beforeAll(() => pushService.start());
afterAll(() => pushService.stop());
beforeEach(() => pushService.reset());

const authorization = (claims: Record<string, unknown> = {}) =>
  vapidAuthorization(vapidKey, { aud: pushService.url, exp: Math.floor(Date.now() / 1000) + 3600, sub: 'mailto:alerts@swarm-alert.example', ...claims });

function push(subscription: BrowserPushSubscription, plaintext: string, headers: Record<string, string> = {}, body = encryptForTest(Buffer.from(plaintext), subscription.keys)) {
  return postPush(subscription.endpoint, pushService.certificate, { ttl: '60', 'content-encoding': 'aes128gcm', authorization: authorization(), ...headers }, body);
}

describe('LocalPushService (RFC 8030 push service for tests)', () => {
  it('hands out subscriptions shaped as a browser’s: an https endpoint, a 65-octet P-256 key and a 16-octet auth secret', () => {
    const subscription = pushService.subscribe();

    expect(subscription.endpoint).toMatch(new RegExp(`^${pushService.url}/push/[A-Za-z0-9_-]+$`));
    expect(subscription.expirationTime).toBeNull();
    const p256dh = Buffer.from(subscription.keys.p256dh, 'base64url');
    expect(p256dh).toHaveLength(65);
    expect(p256dh[0]).toBe(4);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect(pushService.subscribe().keys.p256dh).not.toBe(subscription.keys.p256dh);
  });

  it('accepts a message with 201 and a Location, and records it decrypted with its headers and sender', async () => {
    const subscription = pushService.subscribe();

    const answer = await push(subscription, JSON.stringify({ title: 'Swarm Alert' }), { ttl: '900', urgency: 'high', topic: 'report-r1' });

    expect(answer.status).toBe(201);
    expect(answer.headers.location).toMatch(new RegExp(`^${pushService.url}/message/`));
    expect(pushService.received).toHaveLength(1);
    expect(pushService.received[0]).toMatchObject({
      endpoint: subscription.endpoint,
      ttlSeconds: 900,
      urgency: 'high',
      topic: 'report-r1',
      payload: { title: 'Swarm Alert' },
      location: answer.headers.location,
      vapid: { publicKey: vapidKey.publicKey, audience: pushService.url, subject: 'mailto:alerts@swarm-alert.example' },
    });
  });

  it('decrypts the RFC 8291 example for a subscription holding the example keys', async () => {
    const subscription = pushService.subscribe({
      userAgentKeys: { privateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
    });
    const body = Buffer.from(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
      'base64url',
    );

    const answer = await push(subscription, '', {}, body);

    expect(subscription.keys.p256dh).toBe('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4');
    expect(answer.status).toBe(201);
    expect(pushService.received[0]?.text).toBe('When I grow up, I want to be a watermelon');
    expect(pushService.received[0]?.payload).toBeUndefined();
  });

  it('takes a missing Urgency as normal', async () => {
    await push(pushService.subscribe(), '{}');

    expect(pushService.received[0]?.urgency).toBe('normal');
  });

  it.each([
    ['no TTL', { ttl: '' }, 400, /TTL/],
    ['an unknown Urgency', { urgency: 'urgent' }, 400, /Urgency/],
    ['a Topic longer than 32 characters', { topic: 'a'.repeat(33) }, 400, /Topic/],
    ['another content encoding', { 'content-encoding': 'aesgcm' }, 400, /Content-Encoding/],
    ['no VAPID authorization', { authorization: '' }, 401, /VAPID: no Authorization/],
  ])('refuses a message with %s', async (_name, headers, status, reason) => {
    const subscription = pushService.subscribe();
    const cleaned = Object.fromEntries(Object.entries({ ttl: '60', 'content-encoding': 'aes128gcm', authorization: authorization(), ...headers }).filter(([, value]) => value !== ''));

    const answer = await postPush(subscription.endpoint, pushService.certificate, cleaned, encryptForTest(Buffer.from('{}'), subscription.keys));

    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body).reason).toMatch(reason);
    expect(pushService.received).toHaveLength(0);
    expect(pushService.refused[0]).toMatchObject({ status });
  });

  it('refuses a token made for another push service with 401', async () => {
    const answer = await push(pushService.subscribe(), '{}', { authorization: authorization({ aud: 'https://fcm.googleapis.com' }) });

    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).reason).toMatch(/audience/);
  });

  it('refuses with 403 a message signed by another key than the subscription was made for', async () => {
    const subscription = pushService.subscribe({ applicationServerKey: testVapidKey().publicKey });

    expect((await push(subscription, '{}')).status).toBe(403);
  });

  it('refuses a body over 4096 octets with 413, and one that does not decrypt or uses two records with 400', async () => {
    const subscription = pushService.subscribe();
    const other = pushService.subscribe();

    expect((await push(subscription, 'x'.repeat(3994))).status).toBe(413);
    const undecryptable = await push(subscription, '', {}, encryptForTest(Buffer.from('{}'), other.keys));
    expect(undecryptable.status).toBe(400);
    expect(JSON.parse(undecryptable.body).reason).toMatch(/does not decrypt/);
    const twoRecords = await push(subscription, '', {}, encryptForTest(Buffer.from('x'.repeat(100)), subscription.keys, { recordSize: 80 }));
    expect(twoRecords.status).toBe(400);
    expect(JSON.parse(twoRecords.body).reason).toMatch(/2 records/);
  });

  it('accepts the largest single-record message, 3993 octets of plaintext in a 4096-octet body', async () => {
    const subscription = pushService.subscribe();
    const body = encryptForTest(Buffer.from('y'.repeat(3993)), subscription.keys);

    expect(body).toHaveLength(4096);
    expect((await push(subscription, '', {}, body)).status).toBe(201);
  });

  it('answers 404 for an unknown subscription and 410 once a subscription has expired', async () => {
    const subscription = pushService.subscribe();
    const unknown = { ...subscription, endpoint: `${pushService.url}/push/unknown` };
    expect((await push(unknown, '{}', {}, encryptForTest(Buffer.from('{}'), subscription.keys))).status).toBe(404);

    pushService.expire(subscription.endpoint);

    expect((await push(subscription, '{}')).status).toBe(410);
  });

  it('answers what a test tells it for one subscription, with Retry-After, for as many messages as told', async () => {
    const subscription = pushService.subscribe();
    const bystander = pushService.subscribe();
    pushService.answerWith(subscription.endpoint, { status: 429, retryAfterSeconds: 30, times: 2 });

    const first = await push(subscription, '{}');
    const second = await push(subscription, '{}');
    const third = await push(subscription, '{}');
    const other = await push(bystander, '{}');

    expect([first.status, second.status, third.status, other.status]).toEqual([429, 429, 201, 201]);
    expect(first.headers['retry-after']).toBe('30');
    pushService.answerWith(subscription.endpoint, { status: 500 });
    expect((await push(subscription, '{}')).status).toBe(500);
    expect((await push(subscription, '{}')).status).toBe(500);
  });
});
