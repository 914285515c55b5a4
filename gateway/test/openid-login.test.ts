import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { createLogger } from '@swarm/runtime';
import { freePort } from '@swarm/testing';
import Provider from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OpenIdProvider } from '../src/auth/openid-provider.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';

/** Accounts of the local provider: the login typed in its sign-in form is the account id. */
const ACCOUNTS: Record<string, { email: string; verified: boolean }> = {
  ada: { email: 'Ada@Example.org', verified: true },
  unverified: { email: 'mallory@example.org', verified: false },
};

const signingKey = { ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

/** A real OpenID Connect provider on 127.0.0.1, with its development sign-in and consent pages. */
async function startProvider(port: number, redirectUri: string): Promise<{ issuer: string; close(): Promise<void> }> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'swarm-alert',
        client_secret: 'a-test-client-secret-of-some-length',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Like Google: the email claims travel in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['a-test-cookie-signing-key'] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_context, accountId) {
      const account = ACCOUNTS[accountId];
      if (!account) return undefined;
      return { accountId, claims: async () => ({ sub: accountId, email: account.email, email_verified: account.verified }) };
    },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A logger whose JSON lines the test reads, at every level. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger({ service: 'gateway', level: 'trace', destination: sink }), lines };
}

/** A browser's cookie jar per origin, enough for the redirects of one login. */
class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  async get(url: string): Promise<Response> {
    return this.send(url, { method: 'GET' });
  }

  async postForm(url: string, fields: Record<string, string>): Promise<Response> {
    return this.send(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  }

  cookies(origin: string): Map<string, string> {
    return this.jars.get(origin) ?? new Map();
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    const { origin } = new URL(url);
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }
}

/**
 * Follows redirects from `start`, signing in at the provider as `login` and consenting, until the provider sends the
 * browser back to the gateway's callback; returns that callback URL without opening it.
 */
async function signInAtProvider(browser: Browser, start: string, login: string, issuer: string): Promise<string> {
  let url = start;
  for (let step = 0; step < 20; step += 1) {
    if (url.includes('/api/oauth/google/callback')) return url;
    const response = await browser.get(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${response.status}`);
    const submitted = await browser.postForm(new URL(action, issuer).toString(), prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the provider's ${prompt} form answered ${submitted.status}`);
    url = new URL(next, issuer).toString();
  }
  throw new Error('too many redirects');
}

describe('OpenID Connect login against a local provider', () => {
  let gateway: TestGateway;
  let provider: { issuer: string; close(): Promise<void> };
  let browser: Browser;

  beforeEach(async () => {
    const providerPort = await freePort();
    const issuer = `http://127.0.0.1:${providerPort}`;
    gateway = await startMemberGateway({
      openIdProviders: {
        google: new OpenIdProvider({ name: 'google', issuer, clientId: 'swarm-alert', clientSecret: 'a-test-client-secret-of-some-length' }),
      },
      associationAdminUrl: 'https://admin.example.org/associations',
    });
    provider = await startProvider(providerPort, `${gateway.url}/api/oauth/google/callback`);
    browser = new Browser();
  });
  afterEach(async () => {
    await gateway.close();
    await provider.close();
  });

  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge', async () => {
    const response = await browser.get(`${gateway.url}/api/oauth/google/member`);
    expect(response.status).toBe(303);
    const authorization = new URL(response.headers.get('location') ?? '');
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: 'swarm-alert',
      response_type: 'code',
      scope: 'openid email',
      redirect_uri: `${gateway.url}/api/oauth/google/callback`,
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(browser.cookies(gateway.url).get('swarm_oidc_state')).toBe(authorization.searchParams.get('state'));
  });

  it('logs in by verified email: creates the member, starts a session and returns to /member', async () => {
    const callback = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer);
    const response = await browser.get(callback);
    expect([response.status, response.headers.get('location')]).toEqual([303, '/member']);
    const session = browser.cookies(gateway.url).get('swarm_session');
    expect(session).toBeDefined();
    expect(browser.cookies(gateway.url).has('swarm_oidc_state')).toBe(false);
    const information = await fetch(`${gateway.url}/api/member/information`, { headers: { cookie: `swarm_session=${session ?? ''}` } });
    expect(information.status).toBe(200);
    expect((await gateway.clients.member.ensureMember({ email: 'ada@example.org' })).created).toBe(false);
  });

  it('links a second login to the same member', async () => {
    const first = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer);
    await browser.get(first);
    const before = await gateway.sessions.find(browser.cookies(gateway.url).get('swarm_session') ?? '');
    expect(before?.memberId).toEqual(expect.any(String));
    const secondBrowser = new Browser();
    const second = await signInAtProvider(secondBrowser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer);
    expect((await secondBrowser.get(second)).headers.get('location')).toBe('/member');
    const session = await gateway.sessions.find(secondBrowser.cookies(gateway.url).get('swarm_session') ?? '');
    expect(session?.memberId).toBe(before?.memberId);
  });

  it('refuses a callback whose state does not match the one the browser started with', async () => {
    const callback = new URL(await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer));
    callback.searchParams.set('state', 'a-state-from-somewhere-else');
    const response = await browser.get(callback.toString());
    expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=login-failed']);
    expect(browser.cookies(gateway.url).has('swarm_session')).toBe(false);
    expect((await gateway.clients.member.ensureMember({ email: 'ada@example.org' })).created).toBe(true);
  });

  it('refuses a callback opened in a browser that did not start the login', async () => {
    const callback = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer);
    const victim = new Browser();
    const response = await victim.get(callback);
    expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=login-failed']);
    expect(victim.cookies(gateway.url).has('swarm_session')).toBe(false);
  });

  it('refuses to use the same callback twice', async () => {
    const callback = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'ada', provider.issuer);
    const state = browser.cookies(gateway.url).get('swarm_oidc_state') ?? '';
    await browser.get(callback);
    const replay = await fetch(callback, { redirect: 'manual', headers: { cookie: `swarm_oidc_state=${state}` } });
    expect(replay.headers.get('location')).toBe('/login?error=login-failed');
    expect(replay.headers.getSetCookie().some((cookie) => cookie.startsWith('swarm_session='))).toBe(false);
  });

  it('refuses an identity whose email the provider has not verified', async () => {
    const callback = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/member`, 'unverified', provider.issuer);
    const response = await browser.get(callback);
    expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=email-not-verified']);
    expect(browser.cookies(gateway.url).has('swarm_session')).toBe(false);
    expect((await gateway.clients.member.ensureMember({ email: 'mallory@example.org' })).created).toBe(true);
  });

  it('sends an association sign-up to the configured admin site once logged in', async () => {
    const callback = await signInAtProvider(browser, `${gateway.url}/api/oauth/google/admin`, 'ada', provider.issuer);
    const response = await browser.get(callback);
    expect([response.status, response.headers.get('location')]).toEqual([303, 'https://admin.example.org/associations']);
    expect(browser.cookies(gateway.url).has('swarm_session')).toBe(true);
  });
});

describe('OpenID Connect login without a provider', () => {
  let gateway: TestGateway;
  afterEach(async () => {
    await gateway.close();
  });

  it('sends a login or sign-up without credentials back to the site with a message, and answers 404 for an unknown provider', async () => {
    gateway = await startMemberGateway({ openIdProviders: { google: undefined } });
    const login = await fetch(`${gateway.url}/api/oauth/google/member`, { redirect: 'manual' });
    expect([login.status, login.headers.get('location')]).toEqual([303, '/login?error=provider-not-configured&provider=google']);
    const signUp = await fetch(`${gateway.url}/api/oauth/google/admin`, { redirect: 'manual' });
    expect([signUp.status, signUp.headers.get('location')]).toEqual([303, '/learn-more?signup=provider-not-configured&provider=google']);
    expect(await (await fetch(`${gateway.url}/api/config`)).json()).toMatchObject({ loginProviders: { google: false } });
    expect((await fetch(`${gateway.url}/api/oauth/myspace/member`, { redirect: 'manual' })).status).toBe(404);
  });

  it('sends every callback of an unknown provider to the login page, and logs it once, as a warning without a stack', async () => {
    const { logger, lines } = capturedLogger();
    gateway = await startMemberGateway({ openIdProviders: { google: undefined }, logger });
    for (let request = 0; request < 20; request += 1) {
      const response = await fetch(`${gateway.url}/api/oauth/myspace${request}/callback?code=x&state=y`, { redirect: 'manual' });
      expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=login-failed']);
    }
    // The callback's route logs at warn and above: every line a request wrote.
    const written = lines.filter((line) => line.reqId !== undefined);
    expect(written).toEqual([expect.objectContaining({ level: 'warn', msg: 'browser navigation refused', route: '/api/oauth/:provider/callback', status: 404, reason: 'Unknown login provider.' })]);
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('logs a callback whose state does not match once per interval, whatever the number of requests', async () => {
    const { logger, lines } = capturedLogger();
    gateway = await startMemberGateway({
      openIdProviders: { google: new OpenIdProvider({ name: 'google', issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' }) },
      logger,
    });
    for (let request = 0; request < 20; request += 1) {
      const response = await fetch(`${gateway.url}/api/oauth/google/callback?code=x&state=y`, { redirect: 'manual', headers: { cookie: 'swarm_oidc_state=z' } });
      expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=login-failed']);
    }
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([expect.objectContaining({ level: 'warn', provider: 'google', msg: 'login refused: state does not match the browser that started it' })]);
  });

  it('sends the browser back to the site with a message when the provider cannot be reached', async () => {
    const port = await freePort();
    gateway = await startMemberGateway({
      openIdProviders: { google: new OpenIdProvider({ name: 'google', issuer: `http://127.0.0.1:${port}`, clientId: 'x', clientSecret: 'y' }) },
    });
    expect(await (await fetch(`${gateway.url}/api/config`)).json()).toMatchObject({ loginProviders: { google: true } });
    const response = await fetch(`${gateway.url}/api/oauth/google/member`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([303, '/login?error=provider-unreachable&provider=google']);
  });
});
