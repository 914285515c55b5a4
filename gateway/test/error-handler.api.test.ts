import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, ConnectError } from '@connectrpc/connect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIdOf } from '../src/auth/member-session.js';
import { HttpError } from '../src/mappers/http-errors.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';
import { testRoute } from './test-route.js';

// Route handlers throw; the app's one error handler answers. These routes stand in for any route of the gateway.
// The gateway serves a built frontend here, as it does in every deployment: its static plugin is registered after the
// API routes, which must keep the handler all the same.
describe('the one error handler', () => {
  let gateway: TestGateway;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'swarm-site-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Swarm Alert</title>');
    gateway = await startMemberGateway({
      staticDir,
      extraRoutes: (app) => {
        const route = testRoute('GET', '/api/test/service-refusal');
        app.route({
          ...route,
          config: { ...route.config, errorMessages: { 404: 'No such swarm here.' } },
          handler: async () => {
            throw new ConnectError('report not found', Code.NotFound);
          },
        });
        app.route({
          ...testRoute('GET', '/api/test/refused-input'),
          handler: async () => {
            throw new HttpError(400, 'First broken rule.', ['First broken rule.', 'Second broken rule.']);
          },
        });
        app.route({
          ...testRoute('GET', '/api/test/service-down'),
          handler: async () => {
            throw new ConnectError('connection refused', Code.Unavailable);
          },
        });
        const navigation = testRoute('GET', '/api/test/navigation');
        app.route({
          ...navigation,
          config: { ...navigation.config, errorRedirect: '/login?error=login-failed' },
          handler: async () => {
            throw new ConnectError('connection refused', Code.Unavailable);
          },
        });
        app.route({ ...testRoute('GET', '/api/test/who-am-i'), handler: async (request) => ({ memberId: memberIdOf(request) }) });
      },
    });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  const get = (path: string) => fetch(`${gateway.url}${path}`, { redirect: 'manual' });

  it("answers a service's refusal with the route's own message for that status", async () => {
    const response = await get('/api/test/service-refusal');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'No such swarm here.' });
  });

  it("answers a refusal of the gateway's own routes, registered before the site's static files", async () => {
    const response = await get('/api/report/not!an!id/associations');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'This is not a report id.' });
  });

  it('answers refused input as {message, errors}', async () => {
    const response = await get('/api/test/refused-input');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'First broken rule.', errors: ['First broken rule.', 'Second broken rule.'] });
  });

  it('answers a service that is down with 503 and Retry-After', async () => {
    const response = await get('/api/test/service-down');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('sends a failed browser navigation to a page of the site, never a JSON body', async () => {
    const response = await get('/api/test/navigation');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/login?error=login-failed');
    expect(response.headers.get('content-type') ?? '').not.toContain('json');
  });

  it('answers 401, not 500, where a route reads the member of a request that has no session', async () => {
    const response = await get('/api/test/who-am-i');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Please log in.' });
  });
});
