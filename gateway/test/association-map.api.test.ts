import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport, type Client, type ConnectRouter } from '@connectrpc/connect';
import { associationMap } from '@swarm/api-contract/association-map';
import { associationReports } from '@swarm/api-contract/association-reports';
import { invalidStatisticsDate } from '@swarm/api-contract/association-statistics-request';
import { buildAssociationBillingService, DEFAULT_LOW_BALANCE_THRESHOLD_CENTS, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService, type GetAssociationMapRequest, type ListAssociationReportsRequest } from '@swarm/proto/insights/v1/insights_service';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { HealthRegistry, LogMailer, registerHealthService, secureRandomBelow, systemClock, toConnectError, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { sessionCookieName } from '../src/auth/member-session.js';
import { MemorySessionStore } from '../src/auth/memory-session-store.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { MAP_MESSAGES, REPORTS_MESSAGES } from '../src/routes/association-map.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';

const utc = (iso: string) => timestampFromDate(new Date(iso));
const EUGENE = '87281b59bffffff';
const SPRINGFIELD = '8728f4968ffffff';
/** Resolution-6 cells of the members' area: Eugene's and one next to it. */
const EUGENE_HOME = '86281b59fffffff';
const EUGENE_HOME_NEIGHBOUR = '86281b587ffffff';

type Started = {
  app: FastifyInstance;
  url: string;
  billing: Client<typeof AssociationBillingService>;
  asked: (GetAssociationMapRequest | ListAssociationReportsRequest)[];
  cookieFor: (memberId: string) => Promise<string>;
};

/**
 * The gateway with the real association-billing service (in memory) and an insights service answering two cells: one
 * with five reports, one with a count below three (which the service answers as "fewer than"), or failing as told.
 */
async function startGateway(insightsFails?: ConnectError, answersCell: string = EUGENE): Promise<Started> {
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
  const asked: (GetAssociationMapRequest | ListAssociationReportsRequest)[] = [];
  const insights = (router: ConnectRouter) =>
    router.service(InsightsService, {
      getAssociationMap: (request) => {
        asked.push(request);
        if (insightsFails) throw insightsFails;
        return {
          periodStart: request.since ?? utc('2025-12-08T00:00:00Z'),
          periodEnd: request.until ?? utc('2026-03-04T10:30:00Z'),
          resolution: 7,
          cells: [
            {
              h3Cell: answersCell,
              nearPlace: 'Eugene, OR',
              reports: { count: 5 },
              outcomes: { claimed: 2, expired: 1, departed: 1, markedBad: 1, open: 0 },
              unserved: { fewerThanMinimum: true },
              medianMinutesToFirstClaim: 30.04,
              p90MinutesToFirstClaim: 50,
              shareUnclaimed: 0.4,
            },
            { h3Cell: SPRINGFIELD, reports: { fewerThanMinimum: true }, unserved: { count: 4 } },
          ],
          coverage: { resolution: 6, h3Cells: [EUGENE_HOME, EUGENE_HOME_NEIGHBOUR], areaKm2: 73.64, membersWithHome: 3, membersWithoutHome: 2 },
        };
      },
      listAssociationReports: (request) => {
        asked.push(request);
        if (insightsFails) throw insightsFails;
        return {
          periodStart: request.since ?? utc('2025-12-08T00:00:00Z'),
          periodEnd: request.until ?? utc('2026-03-04T10:30:00Z'),
          reports: [
            {
              reportId: 'r1',
              submittedAt: utc('2026-03-03T09:00:00Z'),
              h3Cell: EUGENE,
              size: 'Softball',
              elevationFeet: 12,
              firstClaimedAt: utc('2026-03-03T09:12:30Z'),
              minutesToFirstClaim: 12.54,
              outcome: 'claimed',
              claimOutcome: 'Captured',
              alertsSent: 2,
              alertsByText: 1,
              alertsByNotification: 1,
              alertsByEmail: 0,
              alertsCostCents: 7,
            },
            { reportId: 'r2', submittedAt: utc('2026-03-04T09:00:00Z'), h3Cell: SPRINGFIELD, size: 'Basketball', outcome: 'expired', alertsSent: 1, alertsByEmail: 1 },
          ],
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

describe('GET /api/member/company/:companyId/map', () => {
  let started: Started;
  let companyId: string;

  /** An association with member-admin as its admin and member-plain as an ordinary member. */
  async function startWith(insightsFails?: ConnectError, answersCell?: string) {
    started = await startGateway(insightsFails, answersCell);
    const { association } = await started.billing.createAssociation({ companyName: 'Lane County Beekeepers', donationUrl: '' });
    companyId = association!.companyId;
    const { activationCode } = await started.billing.issueActivationCode({ companyId });
    await started.billing.joinAssociation({ memberId: 'member-admin', activationCode });
    await started.billing.joinAssociation({ memberId: 'member-plain', activationCode });
    await started.billing.makeAdmin({ companyId, memberId: 'member-admin' });
  }
  afterEach(async () => {
    await started.app.close();
  });

  /** GET as the given member (null: without a session). */
  async function get(path: string, memberId: string | null = 'member-admin') {
    const response = await fetch(`${started.url}${path}`, { headers: memberId ? { cookie: await started.cookieFor(memberId) } : {} });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  describe('with the insights service answering', () => {
    beforeEach(() => startWith());

    it('answers an admin the cells: counts below three as "fewer than 3", minutes to a tenth, the share to a hundredth', async () => {
      const answer = await get(`/api/member/company/${companyId}/map?since=2026-03-02&until=2026-03-15`);

      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(associationMap.parse(answer.body)).toEqual({
        companyId,
        since: '2026-03-02T00:00:00.000Z',
        until: '2026-03-16T00:00:00.000Z',
        resolution: 7,
        cells: [
          {
            h3Cell: EUGENE,
            nearPlace: 'Eugene, OR',
            reports: 5,
            outcomes: { claimed: 2, expired: 1, departed: 1, markedBad: 1, open: 0 },
            unserved: 'fewer than 3',
            medianMinutesToFirstClaim: 30,
            p90MinutesToFirstClaim: 50,
            shareUnclaimed: 0.4,
          },
          { h3Cell: SPRINGFIELD, nearPlace: null, reports: 'fewer than 3', outcomes: null, unserved: 4, medianMinutesToFirstClaim: null, p90MinutesToFirstClaim: null, shareUnclaimed: null },
        ],
        // The members' area: its coarse cells, the area in whole km², and how many members gave no address.
        coverage: { resolution: 6, cells: [EUGENE_HOME, EUGENE_HOME_NEIGHBOUR], areaKm2: 74, membersWithHome: 3, membersWithoutHome: 2 },
      });
      expect(started.asked.map(({ companyId: asked, since, until }) => [asked, since && timestampDate(since).toISOString(), until && timestampDate(until).toISOString()])).toEqual([
        [companyId, '2026-03-02T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
      ]);
    });

    it('answers a member who is not an admin, or an unknown association, with 403 without asking for the map', async () => {
      expect(await get(`/api/member/company/${companyId}/map`, 'member-plain')).toMatchObject({ status: 403, body: { message: MAP_MESSAGES.notAdmin } });
      expect(await get('/api/member/company/no-such-company/map')).toMatchObject({ status: 403, body: { message: MAP_MESSAGES.notAdmin } });
      expect(started.asked).toEqual([]);
    });

    it('answers an admin whose membership was deactivated, or whose admin right was taken away, with 403 at once', async () => {
      expect((await get(`/api/member/company/${companyId}/map`)).status).toBe(200);
      await started.billing.deactivateMembership({ companyId, memberId: 'member-admin' });
      expect(await get(`/api/member/company/${companyId}/map`)).toMatchObject({ status: 403, body: { message: MAP_MESSAGES.inactiveMembership } });
      const { activationCode } = await started.billing.issueActivationCode({ companyId });
      await started.billing.joinAssociation({ memberId: 'member-admin', activationCode });
      expect((await get(`/api/member/company/${companyId}/map`)).status).toBe(200);
      await started.billing.revokeAdmin({ companyId, memberId: 'member-admin' });
      expect(await get(`/api/member/company/${companyId}/map`)).toMatchObject({ status: 403, body: { message: MAP_MESSAGES.notAdmin } });
      // The map itself was reused (MAP_ANSWER_REUSE_MS); who may see it was not.
      expect(started.asked).toHaveLength(1);
    });

    it('sends the same map again for the same association and period within MAP_ANSWER_REUSE_MS, asking insights once', async () => {
      const first = await get(`/api/member/company/${companyId}/map?since=2026-03-02`);
      const again = await get(`/api/member/company/${companyId}/map?since=2026-03-02`);
      expect(again).toEqual({ ...first, headers: again.headers });
      expect(again.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(started.asked).toHaveLength(1);
      expect((await get(`/api/member/company/${companyId}/map?since=2026-03-09`)).status).toBe(200);
      expect(started.asked).toHaveLength(2);
    });

    it('answers an admin the reports one row each for the export, with nothing of the reporter\'s; refuses others as the map does', async () => {
      const answer = await get(`/api/member/company/${companyId}/reports?since=2026-03-02&until=2026-03-15`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(associationReports.parse(answer.body)).toEqual({
        companyId,
        since: '2026-03-02T00:00:00.000Z',
        until: '2026-03-16T00:00:00.000Z',
        reports: [
          {
            submittedAt: '2026-03-03T09:00:00.000Z',
            h3Cell: EUGENE,
            size: 'Softball',
            elevationFeet: 12,
            firstClaimedAt: '2026-03-03T09:12:30.000Z',
            minutesToFirstClaim: 12.5,
            outcome: 'claimed',
            claimOutcome: 'Captured',
            alertsSent: 2,
            alertsByText: 1,
            alertsByNotification: 1,
            alertsByEmail: 0,
            alertsCostCents: 7,
          },
          {
            submittedAt: '2026-03-04T09:00:00.000Z',
            h3Cell: SPRINGFIELD,
            size: 'Basketball',
            elevationFeet: null,
            firstClaimedAt: null,
            minutesToFirstClaim: null,
            outcome: 'expired',
            claimOutcome: '',
            alertsSent: 1,
            alertsByText: 0,
            alertsByNotification: 0,
            alertsByEmail: 1,
            alertsCostCents: 0,
          },
        ],
      });
      expect(await get(`/api/member/company/${companyId}/reports`, 'member-plain')).toMatchObject({ status: 403, body: { message: REPORTS_MESSAGES.notAdmin } });
      await started.billing.deactivateMembership({ companyId, memberId: 'member-admin' });
      expect(await get(`/api/member/company/${companyId}/reports`)).toMatchObject({ status: 403, body: { message: REPORTS_MESSAGES.inactiveMembership } });
      expect(await get(`/api/member/company/${companyId}/reports?since=2026-02-30`, 'member-plain')).toMatchObject({ status: 400, body: { message: invalidStatisticsDate('since') } });
      expect(started.asked).toHaveLength(1);
    });

    it('answers a day that is not a day with 400, and no session with 401', async () => {
      expect(await get(`/api/member/company/${companyId}/map?since=2026-02-30`)).toMatchObject({ status: 400, body: { message: invalidStatisticsDate('since') } });
      expect(await get(`/api/member/company/${companyId}/map`, null)).toMatchObject({ status: 401, body: { message: 'Please log in.' } });
      expect(started.asked).toEqual([]);
    });
  });

  it('answers 503 with Retry-After when the insights service is unavailable', async () => {
    await startWith(new ConnectError('connection refused', Code.Unavailable));
    const answer = await get(`/api/member/company/${companyId}/map`);
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([503, '5']);
    // A failed answer is not reused: the next request asks again.
    expect((await get(`/api/member/company/${companyId}/map`)).status).toBe(503);
    expect(started.asked).toHaveLength(2);
  });

  it('checks the map it reuses against the contract: an answer with a cell that is not an H3 index is a 500, never sent', async () => {
    await startWith(undefined, 'not-a-cell');
    const answer = await get(`/api/member/company/${companyId}/map`);
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('not-a-cell');
  });

  it("answers the service's refusal of the period with 400 and its words", async () => {
    await startWith(toConnectError(Object.assign(new Error(statisticsPeriodMessages.periodTooLong), { code: 'INSIGHTS.INVALID_PERIOD' })));
    expect(await get(`/api/member/company/${companyId}/map?since=2024-01-01`)).toMatchObject({ status: 400, body: { message: statisticsPeriodMessages.periodTooLong } });
  });
});
