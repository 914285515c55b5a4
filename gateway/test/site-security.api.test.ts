import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { hostnameOf, isLoopbackAddress, isLoopbackName, siteIdentity } from '../src/auth/site-identity.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';

type Answer = { status: number; body: string };

/** A request with exactly these headers: fetch would replace Host with the address it connects to. */
function send(gateway: TestGateway, method: string, path: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${gateway.url}${path}`, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

const askForLink = (gateway: TestGateway, headers: Record<string, string>) =>
  send(gateway, 'POST', '/api/oauth/magic-login/member', { 'content-type': 'application/json', ...headers }, JSON.stringify({ destination: 'ada@example.org', recaptchaToken: 'human' }));

describe('the site identity comes from configuration only', () => {
  it('accepts the loopback aliases of a loopback public URL only when asked to, on the same port', () => {
    const embedded = siteIdentity('http://localhost:8080', { loopbackAliases: true });
    expect([...embedded.hosts]).toEqual(['localhost:8080', '127.0.0.1:8080', '[::1]:8080']);
    expect([...embedded.origins]).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect([...siteIdentity('http://localhost:8080').hosts]).toEqual(['localhost:8080']);
    expect([...siteIdentity('https://swarm.example.org/', { loopbackAliases: true }).hosts]).toEqual(['swarm.example.org']);
    expect(siteIdentity('https://swarm.example.org/').publicUrl).toBe('https://swarm.example.org');
  });

  it('tells loopback names and addresses from the rest', () => {
    expect(['localhost', '127.0.0.1', '127.8.9.1', '[::1]', 'app.localhost'].every(isLoopbackName)).toBe(true);
    expect(['attacker.example', '192.0.2.2', '0.0.0.0', 'localhost.attacker.example', '127.0.0.1.nip.io'].some(isLoopbackName)).toBe(false);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['192.0.2.2', '::ffff:192.0.2.2', 'fd00::2', undefined].some(isLoopbackAddress)).toBe(false);
    expect([hostnameOf('localhost:8080'), hostnameOf('[::1]:8080'), hostnameOf('Attacker.Example')]).toEqual(['localhost', '[::1]', 'attacker.example']);
  });
});

describe('Host-header injection and DNS rebinding', () => {
  let gateway: TestGateway;
  afterEach(async () => gateway.close());

  it('mails the link to the configured public URL whatever Host and X-Forwarded-Host say', async () => {
    gateway = await startMemberGateway({ publicUrl: 'https://swarm.example.org' });
    const local = new URL(gateway.url).host;
    const answer = await askForLink(gateway, { host: local, 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' });
    expect(answer.status).toBe(200);
    const [email] = gateway.outbox.list();
    expect(email?.text).toContain('https://swarm.example.org/api/oauth/magic-login/member/callback?token=');
    expect(email?.text).not.toContain('attacker');
  });

  it('refuses a state-changing request whose Host is not the configured host, sending nothing', async () => {
    gateway = await startMemberGateway({ publicUrl: 'https://swarm.example.org' });
    const answer = await askForLink(gateway, { host: 'attacker.example' });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ message: 'This server does not answer to that name.' });
    expect(gateway.outbox.list()).toEqual([]);
  });

  it('refuses what a DNS-rebinding page sends: its own name as Host and Origin', async () => {
    gateway = await startMemberGateway();
    const port = new URL(gateway.url).port;
    const rebound = { host: `attacker.example:${port}`, origin: `http://attacker.example:${port}`, 'sec-fetch-site': 'same-origin' };
    expect((await askForLink(gateway, rebound)).status).toBe(403);
    const reply = await send(gateway, 'POST', '/dev/outbox/sms/reply', { ...rebound, 'content-type': 'application/x-www-form-urlencoded' }, 'to=5551234567&body=STOP');
    expect([403, 404]).toContain(reply.status);
    const claim = await send(gateway, 'POST', '/dev/outbox/notifications/claim', { ...rebound, 'content-type': 'application/x-www-form-urlencoded' }, 'token=v1.alert-token');
    expect([403, 404]).toContain(claim.status);
    expect(gateway.outbox.list()).toEqual([]);
  });

  it('still accepts the configured host with its own origin', async () => {
    gateway = await startMemberGateway();
    const local = new URL(gateway.url);
    expect((await askForLink(gateway, { host: local.host, origin: local.origin })).status).toBe(200);
  });
});

describe('the dev outbox answers on this machine only', () => {
  let gateway: TestGateway;
  afterEach(async () => gateway.close());

  it('serves a loopback client that names a loopback host', async () => {
    gateway = await startMemberGateway();
    await askForLink(gateway, { host: new URL(gateway.url).host });
    const listed = await send(gateway, 'GET', '/api/dev/outbox', { host: new URL(gateway.url).host });
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('magic-login/member/callback?token=');
    expect((await send(gateway, 'GET', '/dev/outbox', { host: 'localhost' })).status).toBe(200);
    // The page keeps its own, stricter policy: no script at all.
    expect((await fetch(`${gateway.url}/dev/outbox`)).headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
  });

  it.each(['/api/dev/outbox', '/dev/outbox'])('does not exist for %s asked under a name that is not loopback (DNS rebinding)', async (path) => {
    gateway = await startMemberGateway();
    await askForLink(gateway, { host: new URL(gateway.url).host });
    const answer = await send(gateway, 'GET', path, { host: `attacker.example:${new URL(gateway.url).port}` });
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('token=');
  });

  it.each([
    ['GET', '/api/dev/outbox'],
    ['GET', '/dev/outbox'],
    ['POST', '/dev/outbox/sms/reply'],
    ['POST', '/dev/outbox/notifications/claim'],
  ])('does not exist for %s %s from another machine, even naming localhost', async (method, url) => {
    gateway = await startMemberGateway();
    await askForLink(gateway, { host: new URL(gateway.url).host });
    const answer = await gateway.app.inject({
      method: method as 'GET' | 'POST',
      url,
      remoteAddress: '192.0.2.77',
      headers: { host: new URL(gateway.url).host, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(method === 'POST' ? { payload: 'to=5551234567&body=STOP' } : {}),
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('token=');
  });
});
