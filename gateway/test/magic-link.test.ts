import { afterEach, describe, expect, it } from 'vitest';
import { cookiesOf, loginLinkFor, logInByMagicLink, setCookiesOf, startMemberGateway, type TestGateway } from './member-harness.js';

const ask = (gateway: TestGateway, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/api/oauth/magic-login/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('magic-link login', () => {
  let gateway: TestGateway;
  afterEach(async () => {
    await gateway.close();
  });

  it('emails a link to the configured public URL and answers the spec success message', async () => {
    gateway = await startMemberGateway({ publicUrl: 'https://swarm.example.org' });
    const response = await ask(gateway, { destination: 'Ada@Example.org', recaptchaToken: 'human' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Success! Check for your email for a link to login.' });
    const [email] = gateway.outbox.list();
    expect(email).toMatchObject({ channel: 'email', to: 'Ada@Example.org', subject: 'Your Swarm Alert login link' });
    expect(email?.text).toMatch(/^https:\/\/swarm\.example\.org\/api\/oauth\/magic-login\/member\/callback\?token=[A-Za-z0-9_-]{43}$/m);
    expect(email?.text).toContain('within 15 minutes');
  });

  it('answers a known and an unknown address alike', async () => {
    gateway = await startMemberGateway();
    await logInByMagicLink(gateway, 'known@example.org');
    const known = await ask(gateway, { destination: 'known@example.org', recaptchaToken: 'human' });
    const unknown = await ask(gateway, { destination: 'stranger@example.org', recaptchaToken: 'human' });
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
  });

  it('logs in with the link once: creates the member, sets an HttpOnly SameSite=Lax cookie and goes to /member', async () => {
    gateway = await startMemberGateway();
    await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    const link = loginLinkFor(gateway.outbox, 'ada@example.org');

    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/member');
    expect(setCookiesOf(opened)).toEqual([
      { name: 'swarm_session', value: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), attributes: ['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=Lax'] },
    ]);
    const information = await fetch(`${gateway.url}/api/member/information`, { headers: { cookie: cookiesOf(opened) } });
    expect(information.status).toBe(200);
    expect((await gateway.clients.member.ensureMember({ email: 'ada@example.org' })).created).toBe(false);

    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/login?error=invalid-link');
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('marks the session cookie Secure with the __Host- prefix outside local development', async () => {
    gateway = await startMemberGateway({ secureCookies: true });
    await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    const opened = await fetch(loginLinkFor(gateway.outbox, 'ada@example.org'), { redirect: 'manual' });
    expect(setCookiesOf(opened)).toEqual([
      { name: '__Host-swarm_session', value: expect.stringMatching(/^[^;]+$/), attributes: ['HttpOnly', 'Max-Age=3600', 'Path=/', 'SameSite=Lax', 'Secure'] },
    ]);
  });

  it('refuses a link after it expired', async () => {
    gateway = await startMemberGateway();
    await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    gateway.clock.now = new Date(gateway.clock.now.getTime() + 15 * 60 * 1000);
    const opened = await fetch(loginLinkFor(gateway.outbox, 'ada@example.org'), { redirect: 'manual' });
    expect(opened.headers.get('location')).toBe('/login?error=invalid-link');
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect((await gateway.clients.member.ensureMember({ email: 'ada@example.org' })).created).toBe(true);
  });

  it('refuses a wrong or missing token without logging in', async () => {
    gateway = await startMemberGateway();
    await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    const link = new URL(loginLinkFor(gateway.outbox, 'ada@example.org'));
    link.searchParams.set('token', `${link.searchParams.get('token') ?? ''}x`);
    for (const url of [link.toString(), `${gateway.url}/api/oauth/magic-login/member/callback`]) {
      const opened = await fetch(url, { redirect: 'manual' });
      expect(opened.headers.get('location')).toBe('/login?error=invalid-link');
      expect(opened.headers.getSetCookie()).toEqual([]);
    }
  });

  it('ends the session the browser had and starts a new one at login', async () => {
    gateway = await startMemberGateway();
    const first = await logInByMagicLink(gateway, 'ada@example.org');
    await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    const opened = await fetch(loginLinkFor(gateway.outbox, 'ada@example.org'), { redirect: 'manual', headers: { cookie: first } });
    const second = cookiesOf(opened);
    expect(second).not.toBe(first);
    expect((await fetch(`${gateway.url}/api/member/information`, { headers: { cookie: first } })).status).toBe(401);
    expect((await fetch(`${gateway.url}/api/member/information`, { headers: { cookie: second } })).status).toBe(200);
  });

  it('answers an empty address with the spec warning and a malformed one with 400, sending nothing', async () => {
    gateway = await startMemberGateway();
    const empty = await ask(gateway, { destination: '  ', recaptchaToken: 'human' });
    expect([empty.status, await empty.json()]).toEqual([400, { message: 'Please enter an email' }]);
    const malformed = await ask(gateway, { destination: 'ada@', recaptchaToken: 'human' });
    expect([malformed.status, await malformed.json()]).toEqual([400, { message: 'Please enter a valid email address.' }]);
    expect(gateway.outbox.list()).toEqual([]);
  });

  it('answers 429 when the bot check fails, asking for the login_member action', async () => {
    const actions: string[] = [];
    gateway = await startMemberGateway({
      botCheck: {
        verify: async (token, action) => {
          actions.push(action);
          return token === 'human' ? { ok: true } : { ok: false, reason: 'not a human' };
        },
      },
    });
    const response = await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'robot' });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({ message: "Failed to verify that you're a human. Refresh the page and try again." });
    expect(actions).toEqual(['login_member']);
    expect(gateway.outbox.list()).toEqual([]);
  });

  it('limits the links sent to one address, whoever asks', async () => {
    gateway = await startMemberGateway({ limits: { perAddress: 2, perClient: 100, windowMs: 60_000 } });
    const statuses = [];
    for (const destination of ['ada@example.org', 'ADA@example.org ', 'ada@example.org', 'grace@example.org']) {
      statuses.push((await ask(gateway, { destination, recaptchaToken: 'human' })).status);
    }
    expect(statuses).toEqual([200, 200, 429, 200]);
    expect(gateway.outbox.list()).toHaveLength(3);
  });

  it('limits the links one client may ask for, whatever the addresses', async () => {
    gateway = await startMemberGateway({ limits: { perAddress: 100, perClient: 3, windowMs: 60_000 } });
    const statuses = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await ask(gateway, { destination: `member${index}@example.org`, recaptchaToken: 'human' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers 500 without details when the email cannot be sent', async () => {
    gateway = await startMemberGateway({
      mailer: {
        send: async () => {
          throw new Error('smtp down');
        },
      },
    });
    const response = await ask(gateway, { destination: 'ada@example.org', recaptchaToken: 'human' });
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('smtp');
  });
});
