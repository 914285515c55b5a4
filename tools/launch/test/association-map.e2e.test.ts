import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { submissionMessages } from '@swarm/proto/labels/answers';
import { ReportState } from '@swarm/proto/report/v1/report';
import { waitUntil } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, startEmbeddedProduct, type RunningProduct, type StoredText } from './product-harness.js';

/** A report expires 36 s after its submission: long enough to claim the others first. */
const SHORT_ACTIVE_PERIOD = { REPORT_ACTIVE_HOURS: '0.01' };

/** Gazetteer towns and their resolution-7 H3 cells: Chula Vista is 11 km from San Diego, beyond a 5-mile home range. */
const SAN_DIEGO = { address: '1 Comb Court, San Diego, CA, USA', cell: '8729a41adffffff' };
const CHULA_VISTA_CELL = '8729a4c4affffff';
const DENVER_CELL = '87268cda8ffffff';
/** The resolution-6 cell of the keeper's home in San Diego: all the insights service keeps of where she lives. */
const KEEPER_HOME_CELL = '8629a41afffffff';

/** What only these reporters wrote: none of it may be in any store of the insights service. */
const REPORTER = { name: 'Quillon Marchbanks-Ostrava', phone: '6195550123', street: 'Zephyrine Hollow' };

/** The insights service's stores: its in-memory repositories (embedded), the documents of its database (distributed). */
const insightsStores = (stored: StoredText[]) => stored.filter(({ where }) => /^insights |_insights\./.test(where));

const modes: [string, (env: Record<string, string>) => Promise<RunningProduct>][] = [
  ['embedded (one process, in-memory adapters)', startEmbeddedProduct],
  ['distributed (a process per service, NATS JetStream, MongoDB-compatible store)', startDistributedProduct],
];

describe.each(modes)('the association map, %s', (_mode, start) => {
  let product: RunningProduct;
  let keeper: { memberId: string; companyId: string; email: string };

  beforeAll(async () => {
    product = await start(SHORT_ACTIVE_PERIOD);
    keeper = await product.coverPlace({ latitude: 32.7157, longitude: -117.1611, address: SAN_DIEGO.address, associationName: 'San Diego Beekeepers', donationUrl: '', phoneNumber: '6195550100' });
  }, 90_000);
  afterAll(async () => {
    await product?.stop();
  });

  async function submit(street: string, town: string, reporterPhone = REPORTER.phone): Promise<Response> {
    const form = new FormData();
    const fields = {
      reporterName: REPORTER.name,
      reporterPhone,
      size: 'Basketball',
      elevation: '12',
      address: `${street} ${REPORTER.street} Rd, ${town}, USA`,
      recaptchaToken: 'dev-token',
      idempotencyId: randomUUID(),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
  }

  async function accepted(street: string, reporterPhone?: string): Promise<string> {
    const response = await submit(street, 'San Diego, CA', reporterPhone);
    expect(response.status).toBe(201);
    return ((await response.json()) as { reportId: string }).reportId;
  }

  it('puts reports, claims, a marking, a departure, an expiry and refused reports in their cells, with the area its member covers, and keeps no reporter or member data', { timeout: 180_000 }, async () => {
    const since = timestampFromDate(new Date(Date.now() - 86_400_000));
    const until = timestampFromDate(new Date(Date.now() + 86_400_000));
    // Four reports at once, so each is alerted at once (a claim would delay the keeper's next alerts).
    const [claimed, markedBad, expiring, departing] = [await accepted('11'), await accepted('12'), await accepted('13'), await accepted('14', '6195550199')];
    await waitUntil(
      async () => (await product.reports.listActiveReportsForMember({ memberId: keeper.memberId })).reports.length === 4,
      30_000,
      'the four alerts recorded',
    );
    await product.reports.claimReport({ reportId: claimed, memberId: keeper.memberId });
    await product.reports.claimReport({ reportId: markedBad, memberId: keeper.memberId });
    await product.reports.markReportBad({ reportId: markedBad, memberId: keeper.memberId, reason: 'Not honey bees' });
    await product.reports.markDepartedByReporter({ reporterPhone: '6195550199' });

    // Nobody covers Chula Vista or Denver: the spec's 404, its message unchanged, and the demand recorded.
    for (const street of ['21', '22', '23']) {
      const refused = await submit(street, 'Chula Vista, CA');
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([404, submissionMessages.noBeekeepers]);
    }
    expect((await submit('31', 'Denver, CO')).status).toBe(404);

    await expect.poll(async () => (await product.reports.getReport({ reportId: expiring })).report?.state, { timeout: 60_000, interval: 1_000 }).toBe(ReportState.EXPIRED);
    expect((await product.reports.getReport({ reportId: departing })).report?.state).toBe(ReportState.DEPARTED);

    const cellsNow = async () => (await product.insights.getAssociationMap({ companyId: keeper.companyId, since, until })).cells;
    await expect
      .poll(async () => (await cellsNow()).find((cell) => cell.h3Cell === SAN_DIEGO.cell)?.outcomes, { timeout: 20_000, interval: 500 })
      .toMatchObject({ claimed: 1, expired: 1, departed: 1, markedBad: 1, open: 0 });
    await expect.poll(async () => (await cellsNow()).find((cell) => cell.h3Cell === CHULA_VISTA_CELL)?.unserved?.count, { timeout: 20_000, interval: 500 }).toBe(3);

    const cells = await cellsNow();
    // Denver is far from the association's reports: its refused report is not on this association's map.
    expect(cells.map((cell) => cell.h3Cell).sort()).toEqual([SAN_DIEGO.cell, CHULA_VISTA_CELL].sort());
    const sanDiego = cells.find((cell) => cell.h3Cell === SAN_DIEGO.cell);
    expect(sanDiego).toMatchObject({ reports: { count: 4, fewerThanMinimum: false }, unserved: { count: 0, fewerThanMinimum: false }, shareUnclaimed: 0.5 });
    expect(sanDiego?.medianMinutesToFirstClaim).toBeGreaterThanOrEqual(0);
    expect(sanDiego?.p90MinutesToFirstClaim).toBeGreaterThanOrEqual(sanDiego?.medianMinutesToFirstClaim ?? 0);
    expect(cells.find((cell) => cell.h3Cell === CHULA_VISTA_CELL)).toMatchObject({ reports: { count: 0, fewerThanMinimum: false } });

    // The export's rows: one per report, with its size and height from the submission, its cell, and what became of it.
    const { reports } = await product.insights.listAssociationReports({ companyId: keeper.companyId, since, until });
    expect(reports.map((row) => [row.reportId, row.h3Cell, row.size, row.elevationFeet, row.outcome]).sort()).toEqual(
      [
        [claimed, SAN_DIEGO.cell, 'Basketball', 12, 'claimed'],
        [markedBad, SAN_DIEGO.cell, 'Basketball', 12, 'markedBad'],
        [expiring, SAN_DIEGO.cell, 'Basketball', 12, 'expired'],
        [departing, SAN_DIEGO.cell, 'Basketball', 12, 'departed'],
      ].sort(),
    );
    expect(reports.every((row) => row.alertsSent >= 1)).toBe(true);
    expect(reports.find((row) => row.reportId === claimed)?.minutesToFirstClaim).toBeGreaterThanOrEqual(0);

    // The area the keeper covers: her home's coarse cell and the ring her 5-mile range reaches, read from the member
    // service (a miss filled at the first map, or member.changed).
    const coverageNow = async () => (await product.insights.getAssociationMap({ companyId: keeper.companyId, since, until })).coverage;
    const first = await coverageNow();
    expect(first).toMatchObject({ resolution: 6, membersWithHome: 1, membersWithoutHome: 0 });
    expect(first?.h3Cells).toContain(KEEPER_HOME_CELL);
    expect(first?.areaKm2).toBeGreaterThan(150);
    // She widens her range: member.changed reaches the insights service, and the map follows once its reuse is over.
    await product.members.updateAvailability({ memberId: keeper.memberId, rangeInMiles: 25 });
    await expect.poll(async () => (await coverageNow())?.h3Cells.length ?? 0, { timeout: 30_000, interval: 1_000 }).toBeGreaterThan((first?.h3Cells.length ?? 0) * 5);

    // The insights service holds the reports and the refused demand, Denver's included, and nothing a reporter wrote:
    // no name, phone, street, coordinates or town; of the keeper, her home's coarse cell and her range only.
    const stores = insightsStores(await product.everythingStored());
    const text = stores.map((stored) => stored.text).join('\n');
    expect(text).toContain(SAN_DIEGO.cell);
    expect(text).toContain(DENVER_CELL);
    expect(stores.length).toBeGreaterThan(0);
    expect(text).toContain(KEEPER_HOME_CELL);
    const keeperData = ['Bea Keeper', '6195550100', '1 Comb Court', 'Comb', keeper.email];
    const personal = [REPORTER.name, 'Marchbanks', REPORTER.phone, '6195550199', REPORTER.street, 'Zephyrine', '32.71', '-117.16', '32.64', 'San Diego', 'Chula Vista', ...keeperData];
    expect(personal.filter((value) => text.toLowerCase().includes(value.toLowerCase()))).toEqual([]);
  });
});
