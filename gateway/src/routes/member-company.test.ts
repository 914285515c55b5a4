import { Code, ConnectError, createClient, createRouterTransport, type Client, type ConnectRouter } from '@connectrpc/connect';
import { buildAssociationBillingService, DEFAULT_LOW_BALANCE_THRESHOLD_CENTS, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { LogMailer, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../app.js';
import { sessionCookieName } from '../auth/member-session.js';
import { MemorySessionStore } from '../auth/memory-session-store.js';
import { createServiceClients } from '../clients/service-clients.js';
import { testAdapters } from '../../test/test-adapters.js';
import { testSite } from '../../test/test-site.js';

type Started = { app: FastifyInstance; url: string; operator: Client<typeof AssociationBillingService>; cookieFor: (memberId: string) => Promise<string> };

async function startGateway(billingRoutes?: (router: ConnectRouter) => void): Promise<Started> {
  const logger = testLogger();
  const service = buildAssociationBillingService({
    ...memoryAssociationBillingStores(),
    mailer: new LogMailer(logger),
    log: logger,
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    lowBalanceThresholdCents: DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
  });
  const billingTransport = createRouterTransport(billingRoutes ?? service.routes);
  const none = createRouterTransport(() => undefined);
  const clients = createServiceClients({ report: none, member: none, 'association-billing': billingTransport, notification: none, insights: none });
  const sessions = new MemorySessionStore({ idleTimeoutMs: 60_000 });
  const { site, port } = await testSite();
  const app = await buildGateway({
    clients,
    adapters: testAdapters({ sessions }),
    settings: { staticDir: '/nonexistent', site, reportImageMaxBytes: 1024, secureCookies: true },
    logger,
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    operator: createClient(AssociationBillingService, billingTransport),
    cookieFor: async (memberId) => `${sessionCookieName({ secure: true })}=${(await sessions.create(memberId)).sessionId}`,
  };
}

describe('member company routes', () => {
  let started: Started;
  let cookie: string;

  beforeEach(async () => {
    started = await startGateway();
    cookie = await started.cookieFor('member-1');
  });
  afterEach(async () => {
    await started.app.close();
  });

  async function call(method: string, path: string, body?: unknown, withCookie = cookie) {
    const response = await fetch(`${started.url}${path}`, {
      method,
      headers: { ...(withCookie ? { cookie: withCookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  async function associationWithCode(name: string) {
    const { association } = await started.operator.createAssociation({ companyName: name, donationUrl: '' });
    const { activationCode } = await started.operator.issueActivationCode({ companyId: association!.companyId });
    return { companyId: association!.companyId, activationCode };
  }

  it.each([
    ['GET', '/api/member/company', undefined],
    ['POST', '/api/member/company', { memberActivationCode: 'ABCD2345' }],
    ['DELETE', '/api/member/company/some-company', undefined],
  ])('answers %s %s without a session with 401', async (method, path, body) => {
    const response = await call(method, path, body, '');
    expect(response).toEqual({ status: 401, body: { message: 'Please log in.' } });
  });

  it('answers an empty list before the member joins anything', async () => {
    expect(await call('GET', '/api/member/company')).toEqual({ status: 200, body: [] });
  });

  it('joins by activation code and lists the association as active', async () => {
    const { companyId, activationCode } = await associationWithCode('Springfield Beekeepers');
    const joined = await call('POST', '/api/member/company', { memberActivationCode: activationCode.toLowerCase() });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ message: 'Successfully joined association.', company: { companyId, status: 'a' } });

    const listed = await call('GET', '/api/member/company');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        companyId,
        companyName: 'Springfield Beekeepers',
        status: 'a',
        isAdmin: false,
        dateJoined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        dateStatusChanged: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('answers an unknown activation code with 404 Invalid activation code.', async () => {
    expect(await call('POST', '/api/member/company', { memberActivationCode: 'ZZZZ2345' })).toEqual({
      status: 404,
      body: { message: 'Invalid activation code.' },
    });
  });

  it('answers too many wrong codes with 429 and the service reason, then refuses even a valid code', async () => {
    const { activationCode } = await associationWithCode('Bees');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await call('POST', '/api/member/company', { memberActivationCode: 'ZZZZ2345' })).status).toBe(404);
    }
    expect(await call('POST', '/api/member/company', { memberActivationCode: activationCode })).toEqual({
      status: 429,
      body: { message: 'Too many wrong activation codes. Wait 15 minutes and try again.' },
    });
  });

  it('answers a second join with 409 You are already a member of this association.', async () => {
    const { activationCode } = await associationWithCode('Bees');
    await call('POST', '/api/member/company', { memberActivationCode: activationCode });
    expect(await call('POST', '/api/member/company', { memberActivationCode: activationCode })).toEqual({
      status: 409,
      body: { message: 'You are already a member of this association.' },
    });
  });

  it('shows a deactivated membership as inactive and reactivates it when the member joins with a code again', async () => {
    const { companyId, activationCode } = await associationWithCode('Bees');
    await call('POST', '/api/member/company', { memberActivationCode: activationCode });
    await started.operator.deactivateMembership({ companyId, memberId: 'member-1' });
    expect(await call('GET', '/api/member/company')).toMatchObject({ body: [{ companyId, status: 'i' }] });

    expect((await call('POST', '/api/member/company', { memberActivationCode: activationCode })).status).toBe(200);
    expect(await call('GET', '/api/member/company')).toMatchObject({ body: [{ companyId, status: 'a' }] });
  });

  it('lists the admin flag the association gave the member', async () => {
    const { companyId, activationCode } = await associationWithCode('Bees');
    await call('POST', '/api/member/company', { memberActivationCode: activationCode });
    await started.operator.makeAdmin({ companyId, memberId: 'member-1' });
    expect(await call('GET', '/api/member/company')).toMatchObject({ body: [{ companyId, isAdmin: true }] });
  });

  it.each([
    [{}, 'Activation code is required'],
    [{ memberActivationCode: '' }, 'Activation code is required'],
    [{ memberActivationCode: 12345678 }, 'Activation code is required'],
    [{ memberActivationCode: 'ABCD-234' }, 'Activation code must contain only letters and numbers'],
    [{ memberActivationCode: 'ABC1234' }, 'Activation code must be exactly 8 characters'],
    [{ memberActivationCode: 'ABCD12345' }, 'Activation code must be exactly 8 characters'],
  ])('answers the body %j with 400 %j and joins nothing', async (body, message) => {
    const response = await call('POST', '/api/member/company', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message });
    expect((await call('GET', '/api/member/company')).body).toEqual([]);
  });

  it('leaves an association at once, with the spec success message, and stops paying alerts through it', async () => {
    const { companyId, activationCode } = await associationWithCode('Bees');
    await started.operator.topUp({ companyId, amountCents: 2000 });
    await call('POST', '/api/member/company', { memberActivationCode: activationCode });
    expect((await started.operator.listPayingMemberships({ memberIds: ['member-1'] })).memberships).toHaveLength(1);

    expect(await call('DELETE', `/api/member/company/${companyId}`)).toEqual({ status: 200, body: { message: 'Successfully joined association.' } });
    expect((await call('GET', '/api/member/company')).body).toEqual([]);
    expect((await started.operator.listPayingMemberships({ memberIds: ['member-1'] })).memberships).toEqual([]);
  });

  it('answers leaving an association the member is not in with 404 Company not found.', async () => {
    const { companyId } = await associationWithCode('Bees');
    expect(await call('DELETE', `/api/member/company/${companyId}`)).toEqual({ status: 404, body: { message: 'Company not found.' } });
    expect(await call('DELETE', '/api/member/company/missing')).toEqual({ status: 404, body: { message: 'Company not found.' } });
  });

  it('keeps one member from seeing or leaving another member associations', async () => {
    const { companyId, activationCode } = await associationWithCode('Bees');
    await call('POST', '/api/member/company', { memberActivationCode: activationCode });
    const other = await started.cookieFor('member-2');
    expect((await call('GET', '/api/member/company', undefined, other)).body).toEqual([]);
    expect((await call('DELETE', `/api/member/company/${companyId}`, undefined, other)).status).toBe(404);
    expect((await call('GET', '/api/member/company')).body).toHaveLength(1);
  });
});

describe('member company routes when the service fails', () => {
  let started: Started;
  afterEach(async () => {
    await started.app.close();
  });

  it('answers a failed join and a failed leave with the spec messages and status 500', async () => {
    started = await startGateway((router) =>
      router.service(AssociationBillingService, {
        joinAssociation: () => Promise.reject(new ConnectError('database down', Code.Internal)),
        leaveAssociation: () => Promise.reject(new ConnectError('database down', Code.Unavailable)),
      }),
    );
    const cookie = await started.cookieFor('member-1');
    const headers = { cookie, 'content-type': 'application/json' };
    const join = await fetch(`${started.url}/api/member/company`, { method: 'POST', headers, body: JSON.stringify({ memberActivationCode: 'ABCD2345' }) });
    expect(join.status).toBe(500);
    expect(await join.json()).toEqual({ message: 'Something went wrong while joining association.' });
    const leave = await fetch(`${started.url}/api/member/company/c-1`, { method: 'DELETE', headers: { cookie } });
    expect(leave.status).toBe(503);
    expect(await leave.json()).toEqual({ message: 'Something went wrong while deleting association.' });
  });
});
