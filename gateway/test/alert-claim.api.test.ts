import { Writable } from 'node:stream';
import { ClaimableState } from '@swarm/proto/notification/v1/notification_service';
import { createLogger } from '@swarm/runtime';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { traceRequests, TracedRequestLogs } from '../src/observability.js';
import { CLAIMED_LOCATION, FakeNotificationService } from './fake-notification-service.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';

const INVALID_LINK = { message: 'This claim link is not valid.' };
const NO_LONGER = { message: 'This swarm can no longer be claimed.' };
const TOKEN = 'v1.r-6f1c2a.m-77.Zm9vYmFy_~-';

describe('claiming from a claim link, without a session', () => {
  let gateway: TestGateway;
  let notification: FakeNotificationService;

  const start = async (options: Parameters<typeof startMemberGateway>[0] = {}) => {
    notification = new FakeNotificationService();
    gateway = await startMemberGateway({ publicUrl: 'http://localhost:8080', notificationRoutes: notification.routes, ...options });
  };
  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await gateway.close();
  });

  const view = async (token: string) => {
    const response = await fetch(`${gateway.url}/api/alerts/claim/${token}`);
    return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
  };
  const claim = async (body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.url}/api/alerts/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
  };

  describe('GET /api/alerts/claim/{token}', () => {
    it("answers the alert as the claim page shows it, never cached", async () => {
      notification.issue(TOKEN);
      const answer = await view(TOKEN);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        reportId: 'r-6f1c2a',
        claimCode: '04217',
        size: 'Basketball',
        elevationFeet: 12,
        distanceMiles: 2.3,
        town: 'Springfield',
        thumbnailUrl: 'https://swarm-alert.example/api/reports/r-6f1c2a/thumbnail?signature=abc',
        alertedAt: '2026-06-01T12:00:00.000Z',
        state: 'open',
        test: false,
      });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    });

    it.each([
      [ClaimableState.YOURS, 'yours'],
      [ClaimableState.TAKEN, 'taken'],
      [ClaimableState.OVER, 'over'],
      [ClaimableState.UNSPECIFIED, 'over'],
    ])('names the state %s as %s', async (state, label) => {
      notification.issue(TOKEN, { state, test: true });
      expect(await view(TOKEN)).toMatchObject({ status: 200, body: { state: label, test: true } });
    });

    it('gives the place and the reporter to the member who holds the swarm, and to nobody before', async () => {
      notification.issue(TOKEN, { state: ClaimableState.YOURS });
      expect((await view(TOKEN)).body).toMatchObject({ state: 'yours', location: CLAIMED_LOCATION });
      notification.issue('other.token', { state: ClaimableState.OPEN });
      expect((await view('other.token')).body).not.toHaveProperty('location');
    });

    it('answers 404 for a forged or unknown token, and 410 once the swarm can no longer be claimed', async () => {
      expect(await view('forged-token')).toMatchObject({ status: 404, body: INVALID_LINK });
      notification.issue(TOKEN);
      notification.expire(TOKEN);
      expect(await view(TOKEN)).toMatchObject({ status: 410, body: NO_LONGER });
    });

    it.each([
      ['too long', 'a'.repeat(513)],
      ['a space', 'abc%20def'],
      ['a slash', 'abc%2Fdef'],
      ['a quote', 'abc%22def'],
      ['a NUL', 'abc%00def'],
      ['non-ASCII', 'caf%C3%A9'],
      ['a plus', 'abc+def'],
    ])('answers 404 for a token with %s, without asking the notification service', async (_case, token) => {
      expect(await view(token)).toMatchObject({ status: 404, body: INVALID_LINK });
    });

    it('takes a token of 512 characters', async () => {
      const longest = 'a'.repeat(512);
      notification.issue(longest);
      expect((await view(longest)).status).toBe(200);
    });

    it('answers 503 with Retry-After when the notification service is down', async () => {
      notification.issue(TOKEN);
      notification.unavailable = true;
      const answer = await view(TOKEN);
      expect(answer).toMatchObject({ status: 503, body: { message: 'Something went wrong. Refresh the page and try again.' } });
      expect(answer.headers.get('retry-after')).toBe('5');
      expect((await claim({ token: TOKEN })).status).toBe(503);
    });
  });

  describe('POST /api/alerts/claim', () => {
    it('claims with the token and answers the outcome, its message and the claim code', async () => {
      notification.issue(TOKEN);
      const answer = await claim({ token: TOKEN });
      expect(answer).toMatchObject({ status: 200, body: { outcome: 'claimed', message: 'Claimed: the location is on its way.', claimCode: '04217', location: CLAIMED_LOCATION } });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect((await claim({ token: TOKEN })).body).toMatchObject({ outcome: 'already-yours' });
      expect(notification.claimsAsked).toEqual([TOKEN, TOKEN]);
    });

    it('gives no location with an outcome that is not the claimer’s', async () => {
      notification.issue(TOKEN, { state: ClaimableState.TAKEN });
      expect((await claim({ token: TOKEN })).body).not.toHaveProperty('location');
    });

    it.each([
      [{ state: ClaimableState.TAKEN }, 'taken'],
      [{ test: true }, 'test'],
    ])('answers the outcome of %j as %s', async (alert, outcome) => {
      notification.issue(TOKEN, alert);
      expect(await claim({ token: TOKEN })).toMatchObject({ status: 200, body: { outcome } });
    });

    it('answers 404 for a forged token and 410 once the swarm can no longer be claimed', async () => {
      expect(await claim({ token: 'forged-token' })).toMatchObject({ status: 404, body: INVALID_LINK });
      notification.issue(TOKEN);
      notification.expire(TOKEN);
      expect(await claim({ token: TOKEN })).toMatchObject({ status: 410, body: NO_LONGER });
    });

    it.each([{}, { token: 42 }, { token: null }, { claimToken: TOKEN }, [TOKEN], TOKEN, null])('answers 400 for the body %j', async (body) => {
      expect(await claim(JSON.stringify(body))).toMatchObject({ status: 400, body: { message: 'Send the claim token of the alert.' } });
      expect(notification.claimsAsked).toEqual([]);
    });

    it.each(['', 'a'.repeat(513), 'abc def', 'abc/def', '<script>'])('answers 404 for the token %j without asking the notification service', async (token) => {
      expect(await claim({ token })).toMatchObject({ status: 404, body: INVALID_LINK });
      expect(notification.claimsAsked).toEqual([]);
    });

    it('answers 413 for a body over 2 KB', async () => {
      expect((await claim({ token: TOKEN, padding: 'x'.repeat(4096) })).status).toBe(413);
      expect(notification.claimsAsked).toEqual([]);
    });

    it('refuses a cross-site claim with 403 and takes one from the site itself, as a service worker sends it', async () => {
      notification.issue(TOKEN);
      expect((await claim({ token: TOKEN }, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      expect((await claim({ token: TOKEN }, { origin: 'https://evil.example' })).status).toBe(403);
      expect(notification.claimsAsked).toEqual([]);
      const fromServiceWorker = await claim({ token: TOKEN }, { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });
      expect(fromServiceWorker).toMatchObject({ status: 200, body: { outcome: 'claimed' } });
    });
  });

  it('limits claim views and claims together per client, answering 429 with Retry-After', async () => {
    await gateway.close();
    await start({ alertClaimsPerHourPerClient: 3 });
    notification.issue(TOKEN);
    expect((await view(TOKEN)).status).toBe(200);
    expect((await view('forged-token')).status).toBe(404);
    expect((await claim({ token: TOKEN })).status).toBe(200);
    for (const refused of [await view(TOKEN), await claim({ token: TOKEN })]) {
      expect(refused).toMatchObject({ status: 429, body: { message: 'Too many claim requests from this connection. Please wait a while and try again.' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(notification.claimsAsked).toEqual([TOKEN]);
  });

  it('keeps claim tokens out of the request log', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger({ service: 'gateway', destination }) as FastifyBaseLogger, logController: new TracedRequestLogs() });
    traceRequests(app);
    app.get('/api/alerts/claim/:token', async () => ({}));
    await app.inject({ method: 'GET', url: `/api/alerts/claim/${TOKEN}?from=push` });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('"url":"/api/alerts/claim/[redacted]?from=push"');
    expect(logged).not.toContain(TOKEN);
  });
});
