import { createHmac } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { NotificationService, type HandleInboundSmsRequest } from '@swarm/proto/notification/v1/notification_service';
import { HealthRegistry, registerHealthService, toConnectError } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { MemoryPendingLoginStore } from '../src/auth/pending-logins.js';
import { twilioSignature } from '../src/auth/twilio-signature.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { DevOutbox, DevOutboxMailer } from '../src/mail/dev-outbox.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';
import { twiml } from '../src/routes/sms-inbound.js';

const AUTH_TOKEN = '12345678901234567890123456789012';
const PUBLIC_URL = 'https://swarm.example.org';
const WEBHOOK_URL = `${PUBLIC_URL}/api/sms/inbound`;
const SID = 'SM0123456789abcdef0123456789abcdef';

type Fake = {
  received: HandleInboundSmsRequest[];
  reply: string;
  devSms: { enabled: boolean; messages: { to: string; body: string; sentAt: Date }[] };
};

async function startGateway(options: { authToken?: string; publicUrl?: string; webhookUrl?: string; devOutbox?: boolean } = {}) {
  const fake: Fake = { received: [], reply: 'Thanks & <bye> "now"', devSms: { enabled: false, messages: [] } };
  const notification = (router: ConnectRouter) =>
    router.service(NotificationService, {
      handleInboundSms: (request) => {
        if (request.body === 'boom') throw new ConnectError('down', Code.Unavailable);
        if (request.body === 'refused') throw toConnectError(Object.assign(new Error('Body is too long.'), { code: 'NOTIFICATION.INVALID_INBOUND_SMS' }));
        fake.received.push(request);
        return { reply: fake.reply };
      },
      listDevOutboxSms: () => ({
        enabled: fake.devSms.enabled,
        messages: fake.devSms.messages.map((message) => ({ ...message, sentAt: timestampFromDate(message.sentAt), providerId: 'dev-1' })),
      }),
    });
  const transport = (routes: (router: ConnectRouter) => void = () => undefined) =>
    createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, new HealthRegistry());
    });
  const outbox = new DevOutbox();
  const { site, port } = await testSite(options.publicUrl ?? PUBLIC_URL);
  const app: FastifyInstance = await buildGateway({
    clients: createServiceClients({ report: transport(), member: transport(), 'association-billing': transport(), notification: transport(notification), insights: transport() }),
    adapters: testAdapters({
      login: {
        mailer: new DevOutboxMailer(outbox),
        ...(options.devOutbox === false ? {} : { devOutbox: outbox }),
        pendingLogins: new MemoryPendingLoginStore(),
        openIdProviders: { google: undefined },
      },
    }),
    settings: {
      staticDir: '/nonexistent',
      reportImageMaxBytes: 1024,
      secureCookies: false,
      site,
      ...('authToken' in options ? (options.authToken ? { twilioAuthToken: options.authToken } : {}) : { twilioAuthToken: AUTH_TOKEN }),
      ...(options.webhookUrl ? { smsWebhookUrl: options.webhookUrl } : {}),
    },
    logger: testLogger(),
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, fake, close: () => app.close() };
}

const twilioParams = (overrides: Record<string, string> = {}) => ({
  ToCountry: 'US',
  SmsMessageSid: SID,
  NumMedia: '0',
  From: '+15035550100',
  To: '+15035550000',
  Body: '12345',
  MessageSid: SID,
  AccountSid: 'AC0123456789abcdef0123456789abcdef',
  ApiVersion: '2010-04-01',
  ...overrides,
});

/** Posts as Twilio does: form-encoded, signed for `signedUrl` with `token`. */
function postSigned(url: string, params: Record<string, string>, options: { token?: string; signedUrl?: string; signature?: string | null; origin?: string } = {}) {
  const signature =
    options.signature === undefined ? twilioSignature(options.token ?? AUTH_TOKEN, options.signedUrl ?? WEBHOOK_URL, new URLSearchParams(params)) : options.signature;
  return fetch(`${url}/api/sms/inbound`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
      ...(options.origin ? { origin: options.origin, 'sec-fetch-site': 'cross-site' } : {}),
    },
    body: new URLSearchParams(params).toString(),
  });
}

describe('Twilio signature', () => {
  it('matches the twilio package for the same URL, parameters and token', () => {
    const params = twilioParams({ Body: 'Hello & welcome + 1 = "2" é ✓' });
    const signature = twilioSignature(AUTH_TOKEN, WEBHOOK_URL, new URLSearchParams(params));
    expect(twilio.validateRequest(AUTH_TOKEN, signature, WEBHOOK_URL, params)).toBe(true);
    expect(twilio.validateRequest(AUTH_TOKEN, signature, WEBHOOK_URL, { ...params, Body: 'other' })).toBe(false);
  });

  it('is the documented example', () => {
    // Twilio's documentation example: base64(HMAC-SHA1(token, url + sorted name/value pairs)).
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    const params = new URLSearchParams({ CallSid: 'CA1234567890ABCDE', Caller: '+12349013030', Digits: '1234', From: '+12349013030', To: '+18005551212' });
    const data = `${url}CallSid${'CA1234567890ABCDE'}Caller+12349013030Digits1234From+12349013030To+18005551212`;
    expect(twilioSignature('12345', url, params)).toBe(createHmac('sha1', '12345').update(data).digest('base64'));
  });
});

describe('POST /api/sms/inbound', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  afterEach(async () => {
    await gateway.close();
  });

  it('passes a validly signed SMS to the notification service and answers its reply as escaped TwiML', async () => {
    gateway = await startGateway();
    const response = await postSigned(gateway.url, twilioParams({ Body: ' 12345 ' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await response.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Message>Thanks &amp; &lt;bye&gt; &quot;now&quot;</Message></Response>',
    );
    expect(gateway.fake.received).toMatchObject([{ from: '+15035550100', body: ' 12345 ', messageSid: SID }]);
  });

  it('accepts a request Twilio signed and the twilio package validates, whatever cross-site headers it carries', async () => {
    gateway = await startGateway();
    const params = twilioParams({ Body: 'STOP' });
    const signature = twilioSignature(AUTH_TOKEN, WEBHOOK_URL, new URLSearchParams(params));
    expect(twilio.validateRequest(AUTH_TOKEN, signature, WEBHOOK_URL, params)).toBe(true);
    const response = await postSigned(gateway.url, params, { signature, origin: 'https://elsewhere.example' });
    expect(response.status).toBe(200);
    expect(gateway.fake.received).toHaveLength(1);
  });

  it('refuses a missing, wrong or differently-keyed signature, a signature for another URL and tampered parameters', async () => {
    gateway = await startGateway();
    const params = twilioParams();
    const good = twilioSignature(AUTH_TOKEN, WEBHOOK_URL, new URLSearchParams(params));
    const attempts = [
      postSigned(gateway.url, params, { signature: null }),
      postSigned(gateway.url, params, { signature: '' }),
      postSigned(gateway.url, params, { signature: 'not-a-signature' }),
      postSigned(gateway.url, params, { token: 'another-token-another-token-0000' }),
      postSigned(gateway.url, params, { signedUrl: 'https://evil.example.org/api/sms/inbound' }),
      postSigned(gateway.url, { ...params, Body: '54321' }, { signature: good }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(403);
    expect(gateway.fake.received).toHaveLength(0);
  });

  it('refuses every request, even correctly signed, when no Twilio auth token is configured', async () => {
    gateway = await startGateway({ authToken: undefined });
    expect((await postSigned(gateway.url, twilioParams())).status).toBe(403);
    expect((await postSigned(gateway.url, twilioParams(), { signature: null })).status).toBe(403);
    expect(gateway.fake.received).toHaveLength(0);
  });

  it('checks the signature against the configured webhook URL, never the URL the request was sent to', async () => {
    gateway = await startGateway({ webhookUrl: 'https://hooks.example.org/sms?k=1' });
    expect((await postSigned(gateway.url, twilioParams())).status).toBe(403);
    expect((await postSigned(gateway.url, twilioParams(), { signedUrl: 'https://hooks.example.org/sms?k=1' })).status).toBe(200);
    await gateway.close();

    gateway = await startGateway({ publicUrl: 'https://swarm.example.org' });
    expect((await postSigned(gateway.url, twilioParams(), { signedUrl: `${gateway.url}/api/sms/inbound` })).status).toBe(403);
    expect((await postSigned(gateway.url, twilioParams(), { signedUrl: 'https://swarm.example.org/api/sms/inbound' })).status).toBe(200);
  });

  it("answers the notification service's refusal of a message (its id or its length) with 400 and the service's words", async () => {
    gateway = await startGateway();
    const response = await postSigned(gateway.url, twilioParams({ Body: 'refused' }));
    expect([response.status, await response.json()]).toEqual([400, { message: 'Body is too long.' }]);
  });

  it('forwards a signed request without a MessageSid as an empty id, for the notification service to judge', async () => {
    gateway = await startGateway();
    const { MessageSid: _omitted, ...withoutSid } = twilioParams();
    expect((await postSigned(gateway.url, withoutSid)).status).toBe(200);
    expect(gateway.fake.received.map((request) => request.messageSid)).toEqual(['']);
  });

  it('forwards a signed message from any sender: the notification service decides that a sender outside the US gets nothing', async () => {
    gateway = await startGateway();
    gateway.fake.reply = '';
    const foreign = await postSigned(gateway.url, twilioParams({ From: '+447700900123' }));
    expect([foreign.status, await foreign.text()]).toEqual([200, twiml('')]);
    expect(gateway.fake.received.map((request) => request.from)).toEqual(['+447700900123']);
  });

  it('answers 503 when the notification service is unavailable, so Twilio reports the failure', async () => {
    gateway = await startGateway();
    expect((await postSigned(gateway.url, twilioParams({ Body: 'boom' }))).status).toBe(503);
  });

  it('refuses a body that is not form-encoded', async () => {
    gateway = await startGateway();
    const response = await fetch(`${gateway.url}/api/sms/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-twilio-signature': 'x' },
      body: JSON.stringify(twilioParams()),
    });
    expect(response.status).toBe(415);
    expect(gateway.fake.received).toHaveLength(0);
  });
});

describe('dev outbox SMS', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  afterEach(async () => {
    await gateway.close();
  });

  const reply = (url: string, form: Record<string, string>) =>
    fetch(`${url}/dev/outbox/sms/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });

  it('lists the SMS with a reply form, and a reply goes to HandleInboundSms as that member and shows the answer', async () => {
    gateway = await startGateway();
    gateway.fake.devSms = { enabled: true, messages: [{ to: '5035550100', body: 'Swarm alert <b>12345</b> https://example.org/x', sentAt: new Date('2026-06-01T18:00:00Z') }] };
    gateway.fake.reply = 'You claimed the swarm 12345!';
    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html).toContain('<h2>SMS</h2>');
    expect(html).toContain('Swarm alert &lt;b&gt;12345&lt;/b&gt;');
    expect(html).toContain('<form method="post" action="/dev/outbox/sms/reply">');
    expect(html).toContain('<input type="hidden" name="to" value="5035550100">');

    const answered = await reply(gateway.url, { to: '5035550100', body: '12345' });
    expect([answered.status, answered.headers.get('location')]).toEqual([303, '/dev/outbox']);
    expect(gateway.fake.received).toHaveLength(1);
    expect(gateway.fake.received[0]).toMatchObject({ from: '+15035550100', body: '12345' });
    expect(gateway.fake.received[0]?.messageSid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(await (await fetch(`${gateway.url}/dev/outbox`)).text()).toContain('the product answered <q>You claimed the swarm 12345!</q>');
    const json = (await (await fetch(`${gateway.url}/api/dev/outbox`)).json()) as { sms: { to: string }[]; smsReplies: { reply: string }[] };
    expect(json.sms).toMatchObject([{ to: '5035550100', sentAt: '2026-06-01T18:00:00.000Z' }]);
    expect(json.smsReplies).toMatchObject([{ reply: 'You claimed the swarm 12345!' }]);
  });

  it('replies only as a number the outbox texted', async () => {
    gateway = await startGateway();
    gateway.fake.devSms = { enabled: true, messages: [{ to: '5035550100', body: 'alert', sentAt: new Date() }] };
    expect((await reply(gateway.url, { to: '5035550199', body: '12345' })).status).toBe(400);
    expect(gateway.fake.received).toHaveLength(0);
  });

  it('has no SMS section and refuses replies when the notification service sends real SMS', async () => {
    gateway = await startGateway();
    gateway.fake.devSms = { enabled: false, messages: [{ to: '5035550100', body: 'alert', sentAt: new Date() }] };
    expect(await (await fetch(`${gateway.url}/dev/outbox`)).text()).not.toContain('<h2>SMS</h2>');
    expect((await reply(gateway.url, { to: '5035550100', body: '12345' })).status).toBe(404);
    expect(gateway.fake.received).toHaveLength(0);
  });

  it('does not exist when emails are really sent (production configuration)', async () => {
    gateway = await startGateway({ devOutbox: false });
    gateway.fake.devSms = { enabled: true, messages: [{ to: '5035550100', body: 'alert', sentAt: new Date() }] };
    expect((await reply(gateway.url, { to: '5035550100', body: '12345' })).status).toBe(404);
    expect(gateway.fake.received).toHaveLength(0);
  });
});
