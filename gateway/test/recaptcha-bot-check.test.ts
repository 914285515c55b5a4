import { afterEach, describe, expect, it } from 'vitest';
import { DevBotCheck, type BotCheck } from '../src/bot-check/bot-check.js';
import { RecaptchaBotCheck } from '../src/bot-check/recaptcha-bot-check.js';
import { startLocalServer, unreachableUrl } from '@swarm/testing';

/** Tokens the local siteverify knows, each with the answer Google would give for it. */
const answers: Record<string, object> = {
  'good-report': { success: true, score: 0.9, action: 'report', hostname: 'swarm.example', challenge_ts: '2026-06-01T12:00:00Z' },
  'good-login': { success: true, score: 0.9, action: 'login_member', hostname: 'swarm.example', challenge_ts: '2026-06-01T12:00:00Z' },
  'low-score': { success: true, score: 0.1, action: 'report', hostname: 'swarm.example' },
  'at-threshold': { success: true, score: 0.5, action: 'report', hostname: 'swarm.example' },
  'other-host': { success: true, score: 0.9, action: 'report', hostname: 'evil.example' },
};

describe('RecaptchaBotCheck against a local siteverify endpoint', () => {
  const servers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((close) => close()));
  });

  async function siteverify(options: { hostnames?: string[]; status?: number } = {}) {
    const server = await startLocalServer((request) => {
      if (options.status) return { status: options.status, body: {} };
      const form = new URLSearchParams(request.body);
      if (form.get('secret') !== 'the-secret') return { body: { success: false, 'error-codes': ['invalid-input-secret'] } };
      return { body: answers[form.get('response') ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] } };
    });
    servers.push(server.close);
    const check = new RecaptchaBotCheck({ secret: 'the-secret', verifyUrl: `${server.url}/recaptcha/api/siteverify`, minScore: 0.5, ...options });
    return { check, requests: server.requests };
  }

  it('passes a successful token for the expected action, posting the secret, token and client address as a form', async () => {
    const { check, requests } = await siteverify();
    expect(await check.verify('good-report', 'report', '203.0.113.9')).toEqual({ ok: true });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.url).toBe('/recaptcha/api/siteverify');
    expect(Object.fromEntries(new URLSearchParams(requests[0]!.body))).toEqual({ secret: 'the-secret', response: 'good-report', remoteip: '203.0.113.9' });
  });

  it('passes a login token when the login action is expected', async () => {
    const { check } = await siteverify();
    expect(await check.verify('good-login', 'login_member')).toEqual({ ok: true });
  });

  it.each([
    ['a login token used on the report form', 'good-login', 'report'],
    ['a report token used on the login page', 'good-report', 'login_member'],
  ])('refuses %s (wrong action)', async (_case, token, action) => {
    const { check } = await siteverify();
    expect(await check.verify(token, action)).toMatchObject({ ok: false, reason: expect.stringContaining('action') });
  });

  it('refuses a score below the threshold and passes one at it', async () => {
    const { check } = await siteverify();
    expect(await check.verify('low-score', 'report')).toMatchObject({ ok: false, reason: expect.stringContaining('score') });
    expect(await check.verify('at-threshold', 'report')).toEqual({ ok: true });
  });

  it('refuses when siteverify answers success: false', async () => {
    const { check } = await siteverify();
    expect(await check.verify('forged', 'report')).toMatchObject({ ok: false, reason: expect.stringContaining('invalid-input-response') });
  });

  it('refuses a token from another hostname when hostnames are configured, and accepts any otherwise', async () => {
    const strict = (await siteverify({ hostnames: ['swarm.example'] })).check;
    expect(await strict.verify('other-host', 'report')).toMatchObject({ ok: false });
    expect(await strict.verify('good-report', 'report')).toEqual({ ok: true });
    expect(await (await siteverify()).check.verify('other-host', 'report')).toEqual({ ok: true });
  });

  it('refuses when siteverify fails or cannot be reached', async () => {
    expect(await (await siteverify({ status: 500 })).check.verify('good-report', 'report')).toMatchObject({ ok: false });
    const unreachable = new RecaptchaBotCheck({ secret: 's', verifyUrl: `${await unreachableUrl()}/siteverify` });
    expect(await unreachable.verify('good-report', 'report')).toMatchObject({ ok: false, reason: expect.stringContaining('could not be reached') });
  });

  it('refuses an empty token without asking', async () => {
    const { check, requests } = await siteverify();
    expect(await check.verify('  ', 'report')).toMatchObject({ ok: false });
    expect(requests).toEqual([]);
  });
});

describe('DevBotCheck', () => {
  it('passes any non-empty token and refuses an empty one', async () => {
    const check: BotCheck = new DevBotCheck();
    expect(await check.verify('anything', 'report')).toEqual({ ok: true });
    expect(await check.verify(' ', 'report')).toMatchObject({ ok: false });
  });
});
