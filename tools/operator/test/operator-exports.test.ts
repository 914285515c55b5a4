import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService, type GetAssociationMapRequest, type ListAssociationReportsRequest } from '@swarm/proto/insights/v1/insights_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { cellToParent, gridDisk } from 'h3-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runOperatorCli } from '../src/cli.js';

const utc = (iso: string) => timestampFromDate(new Date(iso));
const EUGENE = '87281b59bffffff';
const SPRINGFIELD = '8728f4968ffffff';
const member = createClient(MemberService, createRouterTransport(() => undefined));

/** The members' area: Eugene's resolution-6 cell and the ring around it. */
const EUGENE_AREA = gridDisk(cellToParent(EUGENE, 6), 1).sort();

describe('operator CLI export-csv and export-geojson', () => {
  let asked: (ListAssociationReportsRequest | GetAssociationMapRequest)[];
  beforeEach(() => {
    asked = [];
  });

  const routes = (router: ConnectRouter) =>
    router
      .service(InsightsService, {
        listAssociationReports: (request) => {
          asked.push(request);
          return {
            periodStart: request.since ?? utc('2026-03-02T00:00:00Z'),
            periodEnd: request.until ?? utc('2026-03-16T00:00:00Z'),
            reports: [
              {
                reportId: 'r1',
                submittedAt: utc('2026-03-03T09:00:00Z'),
                h3Cell: EUGENE,
                size: 'Softball',
                elevationFeet: 12,
                firstClaimedAt: utc('2026-03-03T09:12:30Z'),
                minutesToFirstClaim: 12.5,
                outcome: 'claimed',
                claimOutcome: 'Gone before arrival',
                alertsSent: 2,
                alertsByText: 1,
                alertsByNotification: 1,
                alertsCostCents: 7,
              },
              { reportId: 'r2', submittedAt: utc('2026-03-04T09:00:00Z'), h3Cell: SPRINGFIELD, size: 'Very Large', outcome: 'expired', alertsSent: 1, alertsByEmail: 1 },
            ],
          };
        },
        getAssociationMap: (request) => {
          asked.push(request);
          return {
            periodStart: request.since ?? utc('2026-03-02T00:00:00Z'),
            periodEnd: request.until ?? utc('2026-03-16T00:00:00Z'),
            resolution: 7,
            cells: [
              {
                h3Cell: EUGENE,
                nearPlace: 'Eugene, OR',
                reports: { count: 5 },
                outcomes: { claimed: 3, expired: 1, departed: 1 },
                unserved: { count: 0 },
                medianMinutesToFirstClaim: 12.54,
                p90MinutesToFirstClaim: 40,
                shareUnclaimed: 0.4,
              },
              { h3Cell: SPRINGFIELD, reports: { fewerThanMinimum: true }, unserved: { count: 3 } },
            ],
            coverage: { resolution: 6, h3Cells: EUGENE_AREA, areaKm2: 252.6, membersWithHome: 4, membersWithoutHome: 1 },
          };
        },
      })
      .service(AssociationBillingService, {
        getAssociation: ({ companyId }) => {
          if (companyId !== 'c-1') throw new ConnectError('association not found', Code.NotFound);
          return { association: { companyId, companyName: 'Lane County Beekeepers' } };
        },
      });

  const run = async (...argv: string[]) => {
    const transport = createRouterTransport(routes);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runOperatorCli(
      argv,
      { associationBilling: createClient(AssociationBillingService, transport), insights: createClient(InsightsService, transport), member },
      { out: (line) => out.push(line), err: (line) => err.push(line) },
    );
    return { code, out, err: err.join('\n') };
  };

  it('export-csv prints the reports as CSV, one row each, the days of --since and --until included', async () => {
    const result = await run('export-csv', 'c-1', '--since', '2026-03-02', '--until', '2026-03-15');

    expect(result.code).toBe(EXIT_OK);
    expect(asked.map(({ companyId, since, until }) => [companyId, since && timestampDate(since).toISOString(), until && timestampDate(until).toISOString()])).toEqual([
      ['c-1', '2026-03-02T00:00:00.000Z', '2026-03-16T00:00:00.000Z'],
    ]);
    expect(result.out).toEqual([
      'submitted_at,submitted_day_utc,h3_cell,size,height_feet,first_claimed_at,minutes_to_first_claim,outcome,claim_outcome,channels,alerts_sent,alerts_by_text,alerts_by_notification,alerts_by_email,alerts_cost_usd',
      `2026-03-03T09:00:00.000Z,2026-03-03,${EUGENE},Softball,12,2026-03-03T09:12:30.000Z,12.5,claimed,Gone before arrival,text; notification,2,1,1,0,0.07`,
      `2026-03-04T09:00:00.000Z,2026-03-04,${SPRINGFIELD},Very Large,,,,expired,,email,1,0,0,1,0.00`,
    ]);
  });

  it('export-geojson prints the cells as closed [longitude, latitude] hexagons with the figures, fewer than 3 in words', async () => {
    const result = await run('export-geojson', 'c-1');

    expect(result.code).toBe(EXIT_OK);
    // Without --since or --until, the service's default period.
    expect([asked[0]?.since, asked[0]?.until]).toEqual([undefined, undefined]);
    const collection = JSON.parse(result.out.join('\n')) as {
      type: string;
      properties: Record<string, unknown>;
      features: { type: string; geometry: { type: string; coordinates: number[][][] }; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.properties).toEqual({ companyId: 'c-1', since: '2026-03-02T00:00:00.000Z', until: '2026-03-16T00:00:00.000Z', resolution: 7 });
    const [eugene, springfield] = collection.features;
    expect(eugene?.geometry.type).toBe('Polygon');
    const ring = eugene!.geometry.coordinates[0]!;
    expect(ring).toHaveLength(7);
    expect(ring[0]).toEqual(ring[6]);
    // Eugene, Oregon: longitude first.
    expect(ring[0]![0]).toBeCloseTo(-123.1, 0);
    expect(ring[0]![1]).toBeCloseTo(44.05, 0);
    expect(eugene?.properties).toEqual({
      h3Cell: EUGENE,
      nearPlace: 'Eugene, OR',
      reports: 5,
      unserved: 0,
      medianMinutesToFirstClaim: 12.5,
      p90MinutesToFirstClaim: 40,
      shareUnclaimed: 0.4,
      claimed: 3,
      expired: 1,
      departed: 1,
      markedBad: 0,
      open: 0,
    });
    expect(springfield?.properties).toMatchObject({ h3Cell: SPRINGFIELD, nearPlace: null, reports: 'fewer than 3', unserved: 3, claimed: null, shareUnclaimed: null });
    // The members' area last, as the site has it: one polygon around Eugene, with its area and members.
    const area = collection.features[2] as unknown as { id: string; geometry: { type: string; coordinates: number[][][][] }; properties: Record<string, unknown> };
    expect(collection.features).toHaveLength(3);
    expect(area.id).toBe('member-coverage');
    expect(area.properties).toEqual({ layer: 'member-coverage', resolution: 6, areaKm2: 253, membersWithHome: 4, membersWithoutHome: 1 });
    expect(area.geometry.type).toBe('MultiPolygon');
    expect(area.geometry.coordinates).toHaveLength(1);
    const outline = area.geometry.coordinates[0]![0]!;
    expect(outline[0]).toEqual(outline.at(-1));
    expect(outline[0]![0]).toBeCloseTo(-123.1, 0);
  });

  it('refuses a day that is not a day before asking, and an unknown association', async () => {
    expect(await run('export-csv', 'c-1', '--since', '2026-02-30')).toMatchObject({ code: EXIT_USAGE, err: "Error: --since must be a day written YYYY-MM-DD, got '2026-02-30'" });
    expect(await run('export-geojson', 'c-1', '--until', 'yesterday')).toMatchObject({ code: EXIT_USAGE });
    expect(await run('export-csv', 'c-404')).toMatchObject({ code: EXIT_FAILED, err: 'Error: No association has that company id.' });
    expect(asked).toEqual([]);
  });
});
