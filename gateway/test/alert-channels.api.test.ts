import { createECDH, randomBytes } from 'node:crypto';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeNotificationService, NOTHING_SENT_MESSAGE } from './fake-notification-service.js';
import { logInByMagicLink, startMemberGateway, type TestGateway } from './member-harness.js';

/** `PushSubscription.toJSON()` of a browser: its own P-256 key pair and auth secret, on a public push service. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const userAgent = createECDH('prime256v1');
  userAgent.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: userAgent.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const CHANNELS_MESSAGE = 'Send sms, push or email as true or false.';
const SUBSCRIPTION_MESSAGE = 'Send the device name and its push subscription: endpoint and keys p256dh and auth.';

describe('alert channels, devices and the test alert', () => {
  let gateway: TestGateway;
  let notification: FakeNotificationService;
  let cookie: string;

  const start = async (options: Parameters<typeof startMemberGateway>[0] = {}) => {
    notification = new FakeNotificationService();
    gateway = await startMemberGateway({ publicUrl: 'http://localhost:8080', notificationRoutes: notification.routes, ...options });
    cookie = await logInByMagicLink(gateway, 'ada@example.org');
  };
  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await gateway.close();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
  };
  const addDevice = (name = 'Pixel 8 (Chrome)', subscription: unknown = browserSubscription()) => call('POST', '/api/member/devices', { name, subscription });

  describe('without a valid session', () => {
    it.each([
      ['GET', '/api/member/alert-channels', undefined],
      ['PUT', '/api/member/alert-channels', { push: true }],
      ['POST', '/api/member/devices', { name: 'Phone', subscription: browserSubscription() }],
      ['DELETE', '/api/member/devices/some-device', undefined],
      ['POST', '/api/member/test-alert', undefined],
    ])('%s %s answers 401 and does nothing', async (method, path, body) => {
      for (const sent of ['', 'swarm_session=forged']) {
        cookie = sent;
        expect(await call(method, path, body)).toMatchObject({ status: 401, body: { message: 'Please log in.' } });
      }
      expect(notification.testAlertsAsked).toEqual([]);
    });
  });

  describe('cross-site requests', () => {
    it('refuses changes marked cross-site or from a foreign origin with 403, changing nothing', async () => {
      expect((await call('PUT', '/api/member/alert-channels', { push: true }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await call('POST', '/api/member/devices', { name: 'Phone', subscription: browserSubscription() }, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await call('POST', '/api/member/test-alert', undefined, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await call('GET', '/api/member/alert-channels')).body).toEqual({ sms: true, push: false, email: false, devices: [] });
      expect(notification.testAlertsAsked).toEqual([]);
    });

    it('accepts them from the site itself', async () => {
      const headers = { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' };
      expect((await call('PUT', '/api/member/alert-channels', { push: true }, headers)).status).toBe(200);
    });
  });

  describe('channels', () => {
    it('alerts a member who never chose by text message only', async () => {
      expect(await call('GET', '/api/member/alert-channels')).toMatchObject({ status: 200, body: { sms: true, push: false, email: false, devices: [] } });
    });

    it('changes the channels sent and keeps the others', async () => {
      expect(await call('PUT', '/api/member/alert-channels', { push: true })).toMatchObject({ status: 200, body: { sms: true, push: true, email: false, devices: [] } });
      expect(await call('PUT', '/api/member/alert-channels', { sms: false, email: true })).toMatchObject({
        status: 200,
        body: { sms: false, push: true, email: true, devices: [] },
      });
      expect((await call('GET', '/api/member/alert-channels')).body).toEqual({ sms: false, push: true, email: true, devices: [] });
    });

    it('answers 400 with the message when every channel would be off, changing nothing', async () => {
      await call('PUT', '/api/member/alert-channels', { email: true, sms: false });
      expect(await call('PUT', '/api/member/alert-channels', { email: false })).toMatchObject({
        status: 400,
        body: { message: 'Choose at least one way to be alerted.' },
      });
      expect((await call('PUT', '/api/member/alert-channels', { sms: false, push: false, email: false })).body).toEqual({ message: 'Choose at least one way to be alerted.' });
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ sms: false, push: false, email: true });
    });

    it('answers 400 with the message to notifications alone while no device is added, changing nothing', async () => {
      const answer = await call('PUT', '/api/member/alert-channels', { sms: false, push: true });
      expect(answer).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Choose at least one way to be alerted: notifications reach no device/) } });
      expect((await call('GET', '/api/member/alert-channels')).body).toEqual({ sms: true, push: false, email: false, devices: [] });
      expect((await addDevice()).status).toBe(201);
      expect(await call('PUT', '/api/member/alert-channels', { sms: false, push: true })).toMatchObject({ status: 200, body: { sms: false, push: true, email: false } });
    });

    it.each([{}, { sms: 'yes' }, { push: 1 }, { email: null }, { sms: true, colour: 'gold' }, [], [true], 'text', 42, null, { __proto__: { sms: true } }])(
      'answers 400 for %j, changing nothing',
      async (body) => {
        expect(await call('PUT', '/api/member/alert-channels', JSON.stringify(body))).toEqual(expect.objectContaining({ status: 400, body: { message: CHANNELS_MESSAGE } }));
        expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ sms: true, push: false, email: false });
      },
    );

    it('answers 400 for a body that is not JSON', async () => {
      expect((await call('PUT', '/api/member/alert-channels', '{"sms": tru')).status).toBe(400);
    });
  });

  describe('devices', () => {
    it('keeps a subscription as a device and lists it by id, name and date, never the subscription', async () => {
      const added = await addDevice('  Pixel 8   (Chrome) ');
      expect(added).toMatchObject({ status: 201, body: { deviceId: expect.any(String), name: 'Pixel 8 (Chrome)', addedAt: '2026-06-01T12:00:00.000Z' } });
      expect(Object.keys(added.body as object).sort()).toEqual(['addedAt', 'deviceId', 'name']);
      expect((await call('GET', '/api/member/alert-channels')).body).toEqual({ sms: true, push: false, email: false, devices: [added.body] });
    });

    it.each([
      ['an http endpoint', { ...browserSubscription('http://fcm.googleapis.com/fcm/send/abc') }, 'the endpoint must be an https URL'],
      ['a private address', { ...browserSubscription('https://192.168.1.20/push') }, "the endpoint's host 192.168.1.20 is a private IP address, not a public push service"],
      ['this machine', { ...browserSubscription('https://localhost:8443/push') }, "the endpoint's host is localhost, not a public push service"],
      ['a short auth secret', { ...browserSubscription(), keys: { ...browserSubscription().keys, auth: 'c2hvcnQ' } }, 'keys.auth must be base64url of 16 octets (22 characters)'],
    ])("answers 400 with the member service's reason for %s", async (_case, subscription, message) => {
      expect(await addDevice('Phone', subscription)).toEqual(expect.objectContaining({ status: 400, body: { message } }));
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [] });
    });

    it('answers 400 for an empty or over-long device name', async () => {
      expect(await addDevice(' ')).toMatchObject({ status: 400, body: { message: 'the device name is missing' } });
      expect(await addDevice('x'.repeat(61))).toMatchObject({ status: 400, body: { message: 'the device name is longer than 60 characters' } });
    });

    it.each([
      ['no body', undefined],
      ['no subscription', { name: 'Phone' }],
      ['no keys', { name: 'Phone', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' } }],
      ['keys that are not text', { name: 'Phone', subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 1, auth: 2 } } }],
      ['a name that is not text', { name: ['Phone'], subscription: browserSubscription() }],
      ['an endpoint that is not text', { name: 'Phone', subscription: { ...browserSubscription(), endpoint: { href: 'https://x.example' } } }],
      ['an array', [browserSubscription()]],
      ['null', null],
    ])('answers 400 for %s', async (_case, body) => {
      expect(await call('POST', '/api/member/devices', body === undefined ? undefined : JSON.stringify(body))).toEqual(
        expect.objectContaining({ status: 400, body: { message: body === undefined ? expect.any(String) : SUBSCRIPTION_MESSAGE } }),
      );
    });

    it('answers 413 for a body over 4 KB, before the member service sees it', async () => {
      const response = await addDevice('Phone', { ...browserSubscription(), endpoint: `https://fcm.googleapis.com/${'a'.repeat(4096)}` });
      expect(response.status).toBe(413);
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [] });
    });

    it('answers 409 with the message for an 11th device', async () => {
      for (let index = 0; index < 10; index += 1) expect((await addDevice(`Phone ${index}`)).status).toBe(201);
      expect(await addDevice('One too many')).toEqual(
        expect.objectContaining({ status: 409, body: { message: 'You can get notifications on at most 10 devices. Remove one first.' } }),
      );
    });

    it('moves a device to the member whose browser sends its subscription again', async () => {
      const subscription = browserSubscription();
      await addDevice('Shared tablet', subscription);
      const grace = await logInByMagicLink(gateway, 'grace@example.org');
      const ada = cookie;
      cookie = grace;
      expect((await addDevice('Shared tablet', subscription)).status).toBe(201);
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [{ name: 'Shared tablet' }] });
      cookie = ada;
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [] });
    });

    it('removes a device with 204, then answers 404', async () => {
      const { body } = await addDevice();
      const { deviceId } = body as { deviceId: string };
      expect(await call('DELETE', `/api/member/devices/${deviceId}`)).toMatchObject({ status: 204, body: undefined });
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [] });
      expect(await call('DELETE', `/api/member/devices/${deviceId}`)).toEqual(expect.objectContaining({ status: 404, body: { message: 'Device not found.' } }));
    });

    it("answers 404 for another member's device, which stays", async () => {
      const { body } = await addDevice();
      const { deviceId } = body as { deviceId: string };
      const ada = cookie;
      cookie = await logInByMagicLink(gateway, 'grace@example.org');
      expect(await call('DELETE', `/api/member/devices/${deviceId}`)).toMatchObject({ status: 404, body: { message: 'Device not found.' } });
      cookie = ada;
      expect((await call('GET', '/api/member/alert-channels')).body).toMatchObject({ devices: [{ deviceId }] });
    });

    it.each(['x'.repeat(65), 'not%20an%20id', '%00', '..%2F..%2Fetc'])('answers 404 for the device id %s', async (deviceId) => {
      expect(await call('DELETE', `/api/member/devices/${deviceId}`)).toMatchObject({ status: 404, body: { message: 'Device not found.' } });
    });
  });

  describe('test alert', () => {
    it('asks the notification service for a test alert to the member and answers 202 with the channels it went on', async () => {
      notification.testAlertChannels = [AlertChannel.SMS, AlertChannel.PUSH, AlertChannel.EMAIL];
      expect(await call('POST', '/api/member/test-alert')).toEqual(expect.objectContaining({ status: 202, body: { channels: ['sms', 'push', 'email'] } }));
      expect(notification.testAlertsAsked).toHaveLength(1);
      expect(notification.testAlertsAsked[0]).toMatch(/.+/);
    });

    it('leaves out a channel this build does not know', async () => {
      notification.testAlertChannels = [AlertChannel.PUSH, AlertChannel.UNSPECIFIED, 99 as AlertChannel];
      expect((await call('POST', '/api/member/test-alert')).body).toEqual({ channels: ['push'] });
    });

    it("answers 409 with the notification service's reason when no channel took it, never an empty 202", async () => {
      notification.testAlertChannels = [];
      expect(await call('POST', '/api/member/test-alert')).toEqual(expect.objectContaining({ status: 409, body: { message: NOTHING_SENT_MESSAGE } }));
    });

    it('answers 404 when the notification service does not know the member', async () => {
      const memberId = (await gateway.clients.member.ensureMember({ email: 'ada@example.org' })).member?.memberId ?? '';
      notification.unknownMembers.add(memberId);
      expect((await call('POST', '/api/member/test-alert')).status).toBe(404);
    });

    it('limits test alerts per client, answering 429 with Retry-After', async () => {
      await gateway.close();
      await start({ testAlertsPerHourPerClient: 2 });
      expect((await call('POST', '/api/member/test-alert')).status).toBe(202);
      expect((await call('POST', '/api/member/test-alert')).status).toBe(202);
      const refused = await call('POST', '/api/member/test-alert');
      expect(refused).toMatchObject({ status: 429, body: { message: 'Too many test alerts from this connection. Please wait a while and try again.' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(notification.testAlertsAsked).toHaveLength(2);
    });
  });
});
