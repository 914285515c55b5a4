import { FakeTwilio } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toE164, TwilioSmsSender } from './twilio-sms-sender.js';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token';

describe('TwilioSmsSender', () => {
  const twilioServer = new FakeTwilio();
  beforeEach(async () => {
    twilioServer.received.length = 0;
    twilioServer.answer = undefined;
    await twilioServer.start();
  });
  afterEach(() => twilioServer.stop());

  const sender = (extra: { minIntervalMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> } = {}) =>
    new TwilioSmsSender({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, fromNumber: '5035550199', apiBaseUrl: twilioServer.url, ...extra });

  it('posts the message to the Messages API with basic auth and answers the message sid', async () => {
    const { providerId } = await sender().send({ to: '5035550100', body: 'Swarm Alert: reply 12345', idempotencyKey: 'k1' });

    expect(providerId).toBe(`SM${'1'.padStart(32, '0')}`);
    expect(twilioServer.received).toHaveLength(1);
    const [request] = twilioServer.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(request?.form.get('To')).toBe('+15035550100');
    expect(request?.form.get('From')).toBe('+15035550199');
    expect(request?.form.get('Body')).toBe('Swarm Alert: reply 12345');
  });

  it.each([
    [400, 21211, "The 'To' number is not a valid phone number."],
    [401, 20003, 'Authenticate'],
    [500, 20500, 'Internal Server Error'],
    [503, 20503, 'Service Unavailable'],
  ])('surfaces a %i answer as an error', async (status, code, message) => {
    twilioServer.answer = { status, body: { code, message, status, more_info: `https://www.twilio.com/docs/errors/${code}` } };
    await expect(sender().send({ to: '5035550100', body: 'x', idempotencyKey: 'k' })).rejects.toMatchObject({ status });
  });

  it('paces sends from one number', async () => {
    let now = 0;
    const waits: number[] = [];
    const paced = sender({
      minIntervalMs: 1_000,
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await paced.send({ to: '5035550100', body: 'a', idempotencyKey: 'a' });
    await paced.send({ to: '5035550101', body: 'b', idempotencyKey: 'b' });
    await paced.send({ to: '5035550102', body: 'c', idempotencyKey: 'c' });
    expect(waits).toEqual([1_000, 2_000]);
    now = 10_000;
    await paced.send({ to: '5035550103', body: 'd', idempotencyKey: 'd' });
    expect(waits).toEqual([1_000, 2_000]);
    expect(twilioServer.received).toHaveLength(4);
  });
});

describe('toE164', () => {
  it('turns national numbers into +1 numbers', () => {
    expect(toE164('5035550100')).toBe('+15035550100');
    expect(toE164('+15035550100')).toBe('+15035550100');
    expect(toE164('(503) 555-0100')).toBe('+15035550100');
    expect(() => toE164('12345')).toThrow();
  });
});
