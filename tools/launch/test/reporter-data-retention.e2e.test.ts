import { randomUUID } from 'node:crypto';
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ReportState } from '@swarm/proto/report/v1/report';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, startEmbeddedProduct, type RunningProduct, type StoredText } from './product-harness.js';

/**
 * Short periods, so the erasure happens for real: a report expires 3.6 s after its submission (REPORT_ACTIVE_HOURS
 * takes fractions), and its reporter's data is erased 8.6 s after that (REPORTER_DATA_DAYS too), by a sweep that looks
 * every quarter of a second.
 */
const SHORT_PERIODS = { REPORT_ACTIVE_HOURS: '0.001', REPORTER_DATA_DAYS: '0.0001', REPORTER_DATA_SWEEP_INTERVAL_MS: '250' };

const SPRINGFIELD = { latitude: 39.7817, longitude: -89.6501, address: '9 Hive Road, Springfield, IL, USA' };

/** What only this reporter wrote: each is looked for in every store, in any case. */
const REPORTER = {
  name: 'Quillon Marchbanks-Ostrava',
  phone: '5413308871',
  street: '4417 Zephyrine Hollow Rd',
  note: 'Xylotomous gate behind the orchard',
};
const PERSONAL = [REPORTER.name, 'Marchbanks', REPORTER.phone, REPORTER.street, 'Zephyrine Hollow', 'Xylotomous'];

/** The stored pictures: files of the embedded data directory, documents of the report database's report_images. */
const pictures = (stored: StoredText[]) => stored.filter(({ where }) => /\/pictures\/|_report\.report_images /.test(where));

/** The notification service's copy of the report. */
const dispatchCopy = (stored: StoredText[]) => stored.filter(({ where }) => /^notification dispatches$|_notification\.dispatches /.test(where));

/** Where each personal value is found: `value → [places]`, only for the values found somewhere. */
function whereFound(stored: StoredText[]): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const value of PERSONAL) {
    const places = stored.filter(({ text }) => text.toLowerCase().includes(value.toLowerCase())).map(({ where }) => where);
    if (places.length > 0) found[value] = places;
  }
  return found;
}

const modes: [string, (env: Record<string, string>) => Promise<RunningProduct>, { outboxesKeepConsentedPhone: boolean }][] = [
  ['embedded (one process, in-memory stores, pictures in the data directory)', startEmbeddedProduct, { outboxesKeepConsentedPhone: false }],
  // The outboxes keep published events a week (MongoDB deletes them): report.submitted carries the phone of a reporter
  // who asked for texts until then, as docs/operations.md says.
  ['distributed (a process per service, NATS JetStream, MongoDB-compatible store, BullMQ)', startDistributedProduct, { outboxesKeepConsentedPhone: true }],
];

describe.each(modes)("a reporter's data, REPORTER_DATA_DAYS after the report ended, %s", (_mode, start, { outboxesKeepConsentedPhone }) => {
  let product: RunningProduct;
  let companyId: string;
  beforeAll(async () => {
    product = await start(SHORT_PERIODS);
    ({ companyId } = await product.coverPlace({ ...SPRINGFIELD, associationName: 'Springfield Beekeepers', donationUrl: '' }));
  }, 60_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('is erased from every store, while the town, times, size, height, outcome and charges stay', { timeout: 90_000 }, async () => {
    const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e0b030' } }).jpeg().toBuffer();
    const form = new FormData();
    const fields = {
      reporterName: REPORTER.name,
      reporterPhone: REPORTER.phone,
      size: 'Basketball',
      elevation: '12',
      address: `${REPORTER.street}, Springfield, IL, USA`,
      internalNote: REPORTER.note,
      reporterUpdates: 'true',
      recaptchaToken: 'dev-token',
      idempotencyId: randomUUID(),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new File([picture], 'swarm.jpg', { type: 'image/jpeg' }));
    const submitted = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(submitted.status).toBe(201);
    const { reportId } = (await submitted.json()) as { reportId: string };

    // While the report lives, the search finds what the reporter gave in the report's store and the picture is kept:
    // the search below can see the data, so finding none of it after the period means it is gone.
    await expect.poll(() => product.findDispatch(reportId), { timeout: 10_000 }).toBeDefined();
    const storedWhileKept = await product.everythingStored();
    const whileKept = whereFound(storedWhileKept);
    expect(Object.keys(whileKept)).toEqual(PERSONAL);
    expect(pictures(storedWhileKept).length).toBeGreaterThanOrEqual(2);
    expect(whileKept[REPORTER.phone]?.length).toBeGreaterThanOrEqual(2);
    const { report: before } = await product.reports.getReport({ reportId });

    // It expires nobody having claimed it, which ends it; the reporter who asked is texted, then the period passes.
    await expect.poll(async () => (await product.reports.getReport({ reportId })).report?.state, { timeout: 20_000 }).toBe(ReportState.EXPIRED);
    const logged = (message: string) => product.productLog().some((line) => line.msg === message && line.reportId === reportId);
    await expect.poll(() => logged("reporter's data erased"), { timeout: 30_000 }).toBe(true);

    const erasedEverywhere = async () => {
      const found = whereFound(await product.everythingStored());
      if (!outboxesKeepConsentedPhone) return found;
      const phoneElsewhere = (found[REPORTER.phone] ?? []).filter((where) => !/_report\.outbox \S+ report\.submitted$/.test(where));
      const { [REPORTER.phone]: _inOutbox, ...others } = found;
      return phoneElsewhere.length > 0 ? { ...others, [REPORTER.phone]: phoneElsewhere } : others;
    };
    await expect.poll(erasedEverywhere, { timeout: 20_000, interval: 500 }).toEqual({});
    expect(logged("reporter's data erased from notification")).toBe(true);

    const { report: after } = await product.reports.getReport({ reportId });
    expect(after).toMatchObject({ state: ReportState.EXPIRED, size: before?.size, elevationFeet: 12, address: 'Springfield, IL', claimCode: before?.claimCode });
    expect(timestampDate(after!.createdAt!)).toEqual(timestampDate(before!.createdAt!));
    expect(after?.location?.latitude).toBeCloseTo(before!.location!.latitude, 1);
    const stored = await product.everythingStored();
    expect(pictures(stored).map(({ where }) => where)).toEqual([]);
    expect(dispatchCopy(stored).map(({ text }) => text).join('\n')).toContain('Springfield, IL');
    const day = 24 * 60 * 60 * 1000;
    const totalNow = async () =>
      (
        await product.insights.getAssociationStatistics({
          companyId,
          since: timestampFromDate(new Date(Date.now() - day)),
          until: timestampFromDate(new Date(Date.now() + day)),
        })
      ).total;
    await expect.poll(totalNow, { timeout: 15_000 }).toMatchObject({ reportsAlerted: 1, reportsExpired: 1, alertsSent: 1, alertsCostCents: 7 });
  });
});
