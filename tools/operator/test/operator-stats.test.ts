import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { statisticsPeriodMessages } from '@swarm/proto/labels/answers';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { InsightsService, type GetAssociationStatisticsRequest } from '@swarm/proto/insights/v1/insights_service';
import { HealthRegistry, startRpcServer, type RpcServer } from '@swarm/runtime';
import { testLogger, unreachableUrl } from '@swarm/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runOperatorCli } from '../src/cli.js';

const operatorDir = fileURLToPath(new URL('..', import.meta.url));
const utc = (iso: string) => timestampFromDate(new Date(iso));
/** stats never asks the member service: a client of one that answers nothing. */
const member = createClient(MemberService, createRouterTransport(() => undefined));

/** Two weeks as the insights service answers them, and their total. */
const ANSWER = {
  weeks: [
    {
      periodStart: utc('2026-03-02T00:00:00Z'),
      periodEnd: utc('2026-03-09T00:00:00Z'),
      reportsAlerted: 4,
      reportsClaimed: 3,
      medianMinutesToFirstClaim: 12.25,
      p90MinutesToFirstClaim: 41,
      outcomes: { captured: 1, notHoneyBees: 1, unrecorded: 1 },
      reportsExpired: 1,
      alertsSent: 12,
      alertsCostCents: 84,
      reporterTexts: 5,
    },
    { periodStart: utc('2026-03-09T00:00:00Z'), periodEnd: utc('2026-03-16T00:00:00Z'), reportsAlerted: 1, reportsExpired: 1, alertsSent: 2, alertsCostCents: 14 },
  ],
  total: {
    periodStart: utc('2026-03-02T00:00:00Z'),
    periodEnd: utc('2026-03-16T00:00:00Z'),
    reportsAlerted: 5,
    reportsClaimed: 3,
    medianMinutesToFirstClaim: 12.25,
    p90MinutesToFirstClaim: 41,
    outcomes: { captured: 1, notHoneyBees: 1, unrecorded: 1 },
    reportsExpired: 2,
    alertsSent: 14,
    alertsCostCents: 98,
    reporterTexts: 5,
  },
};

const KNOWN_COMPANIES = ['c-1', 'c-9'];

describe('operator CLI stats against the insights service over HTTP/2', () => {
  let server: RpcServer;
  let serviceUrl: string;
  let asked: GetAssociationStatisticsRequest[];
  let refuseWith: ConnectError | undefined;
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const transport = createConnectTransport({ baseUrl: serviceUrl, httpVersion: '2', useBinaryFormat: true });
    const insights = createClient(InsightsService, transport);
    const associationBilling = createClient(AssociationBillingService, transport);
    const code = await runOperatorCli(argv, { associationBilling, insights, member }, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  beforeAll(async () => {
    const routes = (router: ConnectRouter) =>
      router
        .service(InsightsService, {
          getAssociationStatistics: (request) => {
            asked.push(request);
            if (refuseWith) throw refuseWith;
            return ANSWER;
          },
        })
        // Association-billing as it answers: only the companies it holds exist.
        .service(AssociationBillingService, {
          getAssociation: ({ companyId }) => {
            if (!KNOWN_COMPANIES.includes(companyId)) throw new ConnectError('association not found', Code.NotFound);
            return { association: { companyId, companyName: `Association ${companyId}` } };
          },
        });
    server = await startRpcServer({ port: 0, host: '127.0.0.1', routes, health: new HealthRegistry(), logger: testLogger(), graceMs: 100 });
    serviceUrl = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    asked = [];
    refuseWith = undefined;
  });

  it('prints one aligned row per week and the total, from --since up to now', async () => {
    const result = await run('stats', 'c-1', '--since', '2026-03-02');

    expect(result.code).toBe(EXIT_OK);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.companyId).toBe('c-1');
    expect(timestampDate(asked[0]!.since!).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    // Up to now, as the service counts it.
    expect(asked[0]!.until).toBeUndefined();
    const lines = result.out.split('\n');
    // The period the service answered.
    expect(lines[0]).toBe('Statistics of c-1 from 2026-03-02 to 2026-03-15 (weeks start Monday 00:00 UTC)');
    const table = lines.slice(2, 6);
    const cells = (line: string) => line.split(/\s{2,}/);
    expect(cells(table[0]!)).toEqual([
      'Week (UTC)', 'Alerted', 'Claimed', 'Share', 'Median min', 'P90 min', 'Expired', 'Departed', 'Alerts', 'Cost', 'By text', 'By notification', 'By email', 'Cost as texts', 'Reporter texts',
      'Captured', 'Gone before arrival', 'Not honey bees', 'Could not reach', 'Other', 'No outcome',
    ]);
    expect(cells(table[1]!)).toEqual(['2026-03-02', '4', '3', '75%', '12.3', '41', '1', '0', '12', '$0.84', '0', '0', '0', '$0.00', '5', '1', '0', '1', '0', '0', '1']);
    expect(cells(table[2]!)).toEqual(['2026-03-09', '1', '0', '0%', '-', '-', '1', '0', '2', '$0.14', '0', '0', '0', '$0.00', '0', '0', '0', '0', '0', '0', '0']);
    expect(cells(table[3]!)).toEqual(['Total', '5', '3', '60%', '12.3', '41', '2', '0', '14', '$0.98', '0', '0', '0', '$0.00', '5', '1', '0', '1', '0', '0', '1']);
    // Every column lines up: the figures end where their header ends.
    const lengths = new Set(table.map((line) => line.length));
    expect(lengths.size).toBe(1);
  });

  it('prints JSON with --json: ISO dates, whole cents, minutes or null', async () => {
    const result = await run('stats', 'c-1', '--since', '2026-03-02', '--json');

    expect(result.code).toBe(EXIT_OK);
    const report = JSON.parse(result.out) as Record<string, unknown>;
    expect(report).toMatchObject({ companyId: 'c-1', since: '2026-03-02T00:00:00.000Z', until: '2026-03-16T00:00:00.000Z' });
    expect(report.weeks).toEqual([
      expect.objectContaining({ periodStart: '2026-03-02T00:00:00.000Z', reportsAlerted: 4, medianMinutesToFirstClaim: 12.3, alertsCostCents: 84 }),
      expect.objectContaining({
        periodStart: '2026-03-09T00:00:00.000Z',
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
      }),
    ]);
    expect(report.total).toMatchObject({ reportsAlerted: 5, reportsExpired: 2, alertsSent: 14, alertsCostCents: 98 });
  });

  it('leaves the period to the service when --since is not given: this week and the 11 before it', async () => {
    expect((await run('stats', 'c-1')).code).toBe(EXIT_OK);

    expect(asked[0]!.since).toBeUndefined();
    expect(asked[0]!.until).toBeUndefined();
  });

  it.each([
    [['stats', 'c-1', '--since', '03/02/2026'], "Error: --since must be a day written YYYY-MM-DD, got '03/02/2026'"],
    [['stats', 'c-1', '--since', '2026-02-30'], "Error: --since must be a day written YYYY-MM-DD, got '2026-02-30'"],
    [['stats', 'c-1', '--json=yes'], "Error: stats: Option '--json' does not take an argument"],
    [['stats'], 'Error: stats takes <companyId>'],
  ])('refuses %j with exit code 2 and sends nothing', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.err).toContain(message);
    expect(asked).toEqual([]);
  });

  it('refuses a company association-billing does not know, as balance does, and asks no figures', async () => {
    expect(await run('stats', 'no-such-company')).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: No association has that company id.' });
    expect(asked).toEqual([]);
  });

  it("passes the service's refusal of the period through with exit code 1", async () => {
    refuseWith = new ConnectError(statisticsPeriodMessages.periodTooLong, Code.InvalidArgument);
    expect(await run('stats', 'c-1', '--since', '2001-01-01')).toEqual({ code: EXIT_FAILED, out: '', err: `Error: ${statisticsPeriodMessages.periodTooLong}` });
  });

  it('names the insights service when it cannot be reached', async () => {
    const insights = createClient(InsightsService, createConnectTransport({ baseUrl: await unreachableUrl(), httpVersion: '2' }));
    const associationBilling = createClient(AssociationBillingService, createConnectTransport({ baseUrl: serviceUrl, httpVersion: '2' }));
    const err: string[] = [];
    const code = await runOperatorCli(['stats', 'c-1'], { associationBilling, insights, member }, { out: () => undefined, err: (line) => err.push(line) });
    expect(code).toBe(EXIT_FAILED);
    expect(err.join('\n')).toMatch(/^Error: the insights service is not reachable/);
  });

  it('names association-billing when it cannot be reached to check the company', async () => {
    const insights = createClient(InsightsService, createConnectTransport({ baseUrl: serviceUrl, httpVersion: '2' }));
    const associationBilling = createClient(AssociationBillingService, createConnectTransport({ baseUrl: await unreachableUrl(), httpVersion: '2' }));
    const err: string[] = [];
    const code = await runOperatorCli(['stats', 'c-1'], { associationBilling, insights, member }, { out: () => undefined, err: (line) => err.push(line) });
    expect(code).toBe(EXIT_FAILED);
    expect(err.join('\n')).toMatch(/^Error: the association-billing service is not reachable/);
    expect(asked).toEqual([]);
  });

  it('lists stats in the help', async () => {
    const help = await run('--help');
    expect(help.out).toContain('stats <companyId> [--since <YYYY-MM-DD>] [--json]');
    expect(help.out).toContain('INSIGHTS_SERVICE_URL, default http://127.0.0.1:8085');
  });

  it('runs as a process: reads INSIGHTS_SERVICE_URL', async () => {
    const env = { ...process.env, INSIGHTS_SERVICE_URL: serviceUrl, ASSOCIATION_BILLING_SERVICE_URL: serviceUrl };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts', 'stats', 'c-9', '--since', '2026-03-02', '--json'], { cwd: operatorDir, env });
    expect(JSON.parse(stdout)).toMatchObject({ companyId: 'c-9', total: { reportsAlerted: 5 } });
    expect(asked.map((request) => request.companyId)).toEqual(['c-9']);

    const wrongUrl = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts', 'stats', 'c-9'], {
      cwd: operatorDir,
      env: { ...env, INSIGHTS_SERVICE_URL: 'ftp://example.org' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(wrongUrl).toMatchObject({ code: EXIT_USAGE, stderr: "Error: INSIGHTS_SERVICE_URL must be an http(s) URL, got 'ftp://example.org'\n" });
  });
});
