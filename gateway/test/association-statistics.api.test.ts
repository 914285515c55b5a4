import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport, type Client, type ConnectRouter } from '@connectrpc/connect';
import { buildAssociationBillingService, DEFAULT_LOW_BALANCE_THRESHOLD_CENTS, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import { invalidStatisticsDate } from '@swarm/api-contract/association-statistics-request';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService, type GetAssociationStatisticsRequest } from '@swarm/proto/insights/v1/insights_service';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { HealthRegistry, LogMailer, registerHealthService, secureRandomBelow, systemClock, toConnectError, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { sessionCookieName } from '../src/auth/member-session.js';
import { MemorySessionStore } from '../src/auth/memory-session-store.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { STATISTICS_MESSAGES } from '../src/routes/association-statistics.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';

const utc = (iso: string) => timestampFromDate(new Date(iso));

/** One week as the insights service answers it: 4 reports alerted, 3 claimed (one without an outcome), 12 alerts at 7 cents. */
const busyWeek = {
  periodStart: utc('2026-03-02T00:00:00Z'),
  periodEnd: utc('2026-03-09T00:00:00Z'),
  reportsAlerted: 4,
  reportsClaimed: 3,
  medianMinutesToFirstClaim: 12.25,
  p90MinutesToFirstClaim: 41,
  outcomes: { captured: 1, goneBeforeArrival: 0, notHoneyBees: 1, couldNotReach: 0, other: 0, unrecorded: 1 },
  reportsExpired: 1,
  reportsDeparted: 0,
  alertsSent: 12,
  alertsCostCents: 84,
  reporterTexts: 5,
  alertsByText: 9,
  alertsByNotification: 5,
  alertsByEmail: 1,
  alertsCostByTextCents: 84,
};
/** A week nobody claimed anything in: no claim times at all. */
const quietWeek = {
  periodStart: utc('2026-03-09T00:00:00Z'),
  periodEnd: utc('2026-03-16T00:00:00Z'),
  reportsAlerted: 1,
  reportsClaimed: 0,
  outcomes: {},
  reportsExpired: 1,
  alertsSent: 2,
  alertsCostCents: 14,
};

type Started = {
  app: FastifyInstance;
  url: string;
  billing: Client<typeof AssociationBillingService>;
  asked: GetAssociationStatisticsRequest[];
  cookieFor: (memberId: string) => Promise<string>;
};

/** What the insights service throws for a period it does not answer: its rule code and its words. */
const periodRefusal = (message: string) => toConnectError(Object.assign(new Error(message), { code: 'INSIGHTS.INVALID_PERIOD' }));

/**
 * The gateway with the real association-billing service (in memory) and an insights service answering fixed
 * figures for the period it was asked (its own default when none), or failing as told.
 */
async function startGateway(insightsFails?: ConnectError): Promise<Started> {
  const logger = testLogger();
  const billingService = buildAssociationBillingService({
    ...memoryAssociationBillingStores(),
    mailer: new LogMailer(logger),
    log: logger,
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    lowBalanceThresholdCents: DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
  });
  const asked: GetAssociationStatisticsRequest[] = [];
  const insights = (router: ConnectRouter) =>
    router.service(InsightsService, {
      getAssociationStatistics: (request) => {
        asked.push(request);
        if (insightsFails) throw insightsFails;
        return {
          weeks: [busyWeek, quietWeek],
          total: {
            ...busyWeek,
            periodStart: request.since ?? utc('2025-12-08T00:00:00Z'),
            periodEnd: request.until ?? utc('2026-03-04T10:30:00Z'),
            reportsAlerted: 5,
            reportsExpired: 2,
            alertsSent: 14,
            alertsCostCents: 98,
          },
        };
      },
    });
  const transport = (routes: (router: ConnectRouter) => void = () => undefined) =>
    createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, new HealthRegistry());
    });
  const billingTransport = transport(billingService.routes);
  const clients = createServiceClients({ report: transport(), member: transport(), 'association-billing': billingTransport, notification: transport(), insights: transport(insights) });
  const sessions = new MemorySessionStore({ idleTimeoutMs: 60_000 });
  const { site, port } = await testSite();
  const app = await buildGateway({
    clients,
    adapters: testAdapters({ sessions }),
    settings: { staticDir: '/nonexistent', site, reportImageMaxBytes: 1024, secureCookies: false },
    logger,
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    url,
    billing: createClient(AssociationBillingService, billingTransport),
    asked,
    cookieFor: async (memberId) => `${sessionCookieName({ secure: false })}=${(await sessions.create(memberId)).sessionId}`,
  };
}

describe('GET /api/member/company/:companyId/statistics', () => {
  let started: Started;
  let companyId: string;

  /** An association with member-admin as its admin and member-plain as an ordinary member. */
  beforeEach(async () => {
    started = await startGateway();
    const { association } = await started.billing.createAssociation({ companyName: 'Portland Beekeepers', donationUrl: '' });
    companyId = association!.companyId;
    const { activationCode } = await started.billing.issueActivationCode({ companyId });
    await started.billing.joinAssociation({ memberId: 'member-admin', activationCode });
    await started.billing.joinAssociation({ memberId: 'member-plain', activationCode });
    await started.billing.makeAdmin({ companyId, memberId: 'member-admin' });
  });
  afterEach(async () => {
    await started.app.close();
  });

  /** GET as the given member (null: without a session). */
  async function get(path: string, memberId: string | null = 'member-admin') {
    const response = await fetch(`${started.url}${path}`, { headers: memberId ? { cookie: await started.cookieFor(memberId) } : {} });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  it("answers an admin the association's figures per week and in total: ISO dates, whole cents, minutes or null", async () => {
    const answer = await get(`/api/member/company/${companyId}/statistics?since=2026-03-02&until=2026-03-15`);

    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toMatchObject({ companyId, since: '2026-03-02T00:00:00.000Z', until: '2026-03-16T00:00:00.000Z' });
    expect(answer.body.weeks).toEqual([
      {
        periodStart: '2026-03-02T00:00:00.000Z',
        periodEnd: '2026-03-09T00:00:00.000Z',
        reportsAlerted: 4,
        reportsClaimed: 3,
        medianMinutesToFirstClaim: 12.3,
        p90MinutesToFirstClaim: 41,
        outcomes: [
          { outcome: 'Captured', count: 1 },
          { outcome: 'Gone before arrival', count: 0 },
          { outcome: 'Not honey bees', count: 1 },
          { outcome: 'Could not reach', count: 0 },
          { outcome: 'Other', count: 0 },
          { outcome: null, count: 1 },
        ],
        reportsExpired: 1,
        reportsDeparted: 0,
        alertsSent: 12,
        alertsCostCents: 84,
        alertsByChannel: { text: 9, notification: 5, email: 1 },
        alertsCostByTextCents: 84,
        reporterTexts: 5,
      },
      {
        periodStart: '2026-03-09T00:00:00.000Z',
        periodEnd: '2026-03-16T00:00:00.000Z',
        reportsAlerted: 1,
        reportsClaimed: 0,
        medianMinutesToFirstClaim: null,
        p90MinutesToFirstClaim: null,
        outcomes: [
          { outcome: 'Captured', count: 0 },
          { outcome: 'Gone before arrival', count: 0 },
          { outcome: 'Not honey bees', count: 0 },
          { outcome: 'Could not reach', count: 0 },
          { outcome: 'Other', count: 0 },
          { outcome: null, count: 0 },
        ],
        reportsExpired: 1,
        reportsDeparted: 0,
        alertsSent: 2,
        alertsCostCents: 14,
        alertsByChannel: { text: 0, notification: 0, email: 0 },
        alertsCostByTextCents: 0,
        reporterTexts: 0,
      },
    ]);
    expect(answer.body.total).toMatchObject({ periodStart: '2026-03-02T00:00:00.000Z', periodEnd: '2026-03-16T00:00:00.000Z', reportsAlerted: 5, alertsCostCents: 98 });
    // until names the last day of the period: the service is asked up to the midnight after it.
    expect(started.asked).toHaveLength(1);
    expect(started.asked[0]!.companyId).toBe(companyId);
    expect(timestampDate(started.asked[0]!.since!).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(timestampDate(started.asked[0]!.until!).toISOString()).toBe('2026-03-16T00:00:00.000Z');
  });

  it("leaves the period to the insights service when no dates are given, and answers the period it counted", async () => {
    const answer = await get(`/api/member/company/${companyId}/statistics`);

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ since: '2025-12-08T00:00:00.000Z', until: '2026-03-04T10:30:00.000Z' });
    expect(started.asked[0]?.since).toBeUndefined();
    expect(started.asked[0]?.until).toBeUndefined();
  });

  it('answers a member who is not an admin of the association with 403 and a message, without asking for the figures', async () => {
    expect(await get(`/api/member/company/${companyId}/statistics`, 'member-plain')).toMatchObject({ status: 403, body: { message: STATISTICS_MESSAGES.notAdmin } });
    expect(await get(`/api/member/company/${companyId}/statistics`, 'stranger')).toMatchObject({ status: 403, body: { message: STATISTICS_MESSAGES.notAdmin } });
    expect(started.asked).toEqual([]);
  });

  it('answers an admin whose membership was deactivated with 403 and why, and again 200 once it is active again', async () => {
    expect((await get(`/api/member/company/${companyId}/statistics`)).status).toBe(200);
    await started.billing.deactivateMembership({ companyId, memberId: 'member-admin' });

    expect(await get(`/api/member/company/${companyId}/statistics`)).toMatchObject({ status: 403, body: { message: STATISTICS_MESSAGES.inactiveMembership } });
    expect(started.asked).toHaveLength(1);

    const { activationCode } = await started.billing.issueActivationCode({ companyId });
    await started.billing.joinAssociation({ memberId: 'member-admin', activationCode });
    expect((await get(`/api/member/company/${companyId}/statistics`)).status).toBe(200);
  });

  it('answers an admin whose admin right was taken away with 403, at once', async () => {
    expect((await get(`/api/member/company/${companyId}/statistics`)).status).toBe(200);
    await started.billing.revokeAdmin({ companyId, memberId: 'member-admin' });

    expect(await get(`/api/member/company/${companyId}/statistics`)).toMatchObject({ status: 403, body: { message: STATISTICS_MESSAGES.notAdmin } });
    expect(started.asked).toHaveLength(1);
  });

  it('answers an association that does not exist like one the member does not administer: 403', async () => {
    expect(await get('/api/member/company/no-such-company/statistics')).toMatchObject({ status: 403, body: { message: STATISTICS_MESSAGES.notAdmin } });
    expect(started.asked).toEqual([]);
  });

  it.each([
    ['since=2026-13-01', invalidStatisticsDate('since')],
    ['since=2026-02-30', invalidStatisticsDate('since')],
    ['until=03/15/2026', invalidStatisticsDate('until')],
    ['since=2026-03-02&since=2026-03-09', invalidStatisticsDate('since')],
  ])('answers %s with 400 and a message, without asking for the figures', async (query, message) => {
    const answer = await get(`/api/member/company/${companyId}/statistics?${query}`);
    expect(answer).toMatchObject({ status: 400, body: { message } });
    expect(started.asked).toEqual([]);
  });

  it('asks for a single day from its 00:00 UTC to the next', async () => {
    expect((await get(`/api/member/company/${companyId}/statistics?since=2026-03-02&until=2026-03-02`)).status).toBe(200);
    expect(started.asked.map(({ since, until }) => [since && timestampDate(since).toISOString(), until && timestampDate(until).toISOString()])).toEqual([
      ['2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z'],
    ]);
  });

  it('answers 401 without a session', async () => {
    expect(await get(`/api/member/company/${companyId}/statistics`, null)).toMatchObject({ status: 401, body: { message: 'Please log in.' } });
  });
});

describe('GET /api/member/company/:companyId/statistics when the insights service fails', () => {
  let started: Started;
  afterEach(async () => {
    await started.app.close();
  });

  async function adminOfNewAssociation(): Promise<{ companyId: string; cookie: string }> {
    const { association } = await started.billing.createAssociation({ companyName: 'Salem Bees', donationUrl: '' });
    const companyId = association!.companyId;
    const { activationCode } = await started.billing.issueActivationCode({ companyId });
    await started.billing.joinAssociation({ memberId: 'member-admin', activationCode });
    await started.billing.makeAdmin({ companyId, memberId: 'member-admin' });
    return { companyId, cookie: await started.cookieFor('member-admin') };
  }

  it('answers 503 with Retry-After and the generic message when the service is unavailable', async () => {
    started = await startGateway(new ConnectError('connection refused', Code.Unavailable));
    const { companyId, cookie } = await adminOfNewAssociation();

    const response = await fetch(`${started.url}/api/member/company/${companyId}/statistics`, { headers: { cookie } });

    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ message: 'Something went wrong. Refresh the page and try again.' });
  });

  it.each([statisticsPeriodMessages.sinceAfterUntil, statisticsPeriodMessages.periodTooLong])(
    "answers the service's refusal of the period with 400 and its words: %s",
    async (message) => {
      started = await startGateway(periodRefusal(message));
      const { companyId, cookie } = await adminOfNewAssociation();

      const response = await fetch(`${started.url}/api/member/company/${companyId}/statistics?since=2024-01-05`, { headers: { cookie } });

      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    },
  );
});
