import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_PICTURE_MAX_BYTES } from '../../../frontend/src/features/report/lib/picture-preparation.js';
import { twelveMegapixelPhonePicture } from '../../bench/phone-picture.js';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, phone, seedAssociation, shot } from './browser-harness.js';
import { DroppingProxy } from './dropping-proxy.js';

/** An upload slow enough to watch its progress (2 Mbit/s up), short of the benchmark's Fast 3G. */
const SLOW_UPLINK = { offline: false, latency: 40, downloadThroughput: (10_000 * 1_000) / 8, uploadThroughput: (2_000 * 1_000) / 8 };

/** A funded association with one member living in Portland, OR, so reports in Portland are accepted. */
async function seedPortlandBeekeeper(product: EmbeddedProduct): Promise<void> {
  const { member, associationBilling } = product.clients;
  const created = (await member.ensureMember({ email: 'picture-keeper@example.com' })).member;
  if (!created) throw new Error('no member created');
  await member.updateMemberInformation({ memberId: created.memberId, name: 'Pat Keeper', phoneNumber: '5035550198', address: 'Portland, OR, USA' });
  const { activationCode } = await seedAssociation(product, { name: 'Picture Beekeepers', donationUrl: 'https://picturebees.example/donate' });
  await associationBilling.joinAssociation({ memberId: created.memberId, activationCode });
}

/** The report form filled for a swarm at `street` in Portland, reported from `reporterPhone`. */
async function fillReport(page: Page, street: string, reporterPhone: string): Promise<void> {
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill(reporterPhone);
  await page.getByRole('combobox', { name: 'Address' }).pressSequentially(`${street}, Portland`, { delay: 20 });
  await page.getByRole('option').filter({ hasText: `${street}, Portland, OR` }).first().click();
  await page.getByLabel('Size').selectOption('Basketball');
  await page.getByLabel(/Elevation/).fill('6');
}

describe('the reporter’s picture on a phone: prepared in the browser, sent with progress, retried when the connection drops', () => {
  let product: EmbeddedProduct;
  let proxy: DroppingProxy;
  let browser: Browser;
  let picture: Buffer;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    proxy = await DroppingProxy.start();
    product = await startEmbedded({
      env: { PORT: '0', PUBLIC_URL: proxy.url, STATIC_DIR: buildFrontend() },
      loggerFor: () => pino({ level: 'silent' }),
    });
    proxy.targetPort = product.port;
    await seedPortlandBeekeeper(product);
    [browser, picture] = await Promise.all([launchChromium(), twelveMegapixelPhonePicture()]);
  }, 180_000);

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await proxy?.close();
  });

  async function reportPage(options: { slowUplink: boolean }): Promise<Page> {
    context = await browser.newContext(phone);
    const page = await context.newPage();
    if (options.slowUplink) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_UPLINK);
    }
    await page.goto(`${proxy.url}/report`);
    return page;
  }

  const reportsFrom = (reporterPhone: string) => product.stores.report.reports.findLiveByReporterPhone(reporterPhone);

  it('shrinks a 12-megapixel picture before it goes up, shows the percentage sent, and the stored picture is upright and 2048 px', async () => {
    const page = await reportPage({ slowUplink: true });
    await fillReport(page, '21 Oak St', '5035550141');
    await page.getByLabel('Photo of the swarm (optional)').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: picture });
    const uploadsBefore = proxy.uploads.length;

    await page.getByRole('button', { name: 'Report!' }).click();

    const bar = page.getByRole('progressbar', { name: 'Report sent' });
    await bar.waitFor();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await bar.textContent()).toMatch(/^\d{1,3}%$/);
    await shot(page, 'report-upload-progress-phone');
    await page.waitForURL(/\/success\//, { timeout: 60_000 });

    const uploads = proxy.uploads.slice(uploadsBefore);
    expect(uploads).toHaveLength(1);
    // The whole 4 MB file would be over 3.9 MB; this noisy stand-in at 2048 pixels weighs over the allowed weight at the
    // stored quality, so it goes at the lighter one: the whole request, form fields included, stays within that weight.
    expect(picture.length).toBeGreaterThan(3_900_000);
    expect(uploads[0]?.contentLength).toBeLessThan(PREPARED_PICTURE_MAX_BYTES);

    const [report, ...others] = await reportsFrom('5035550141');
    expect(others).toHaveLength(0);
    const stored = await product.stores.report.images.find(report?.image?.imageName ?? '');
    if (!stored) throw new Error('the report has no stored picture');
    // The camera held upright (EXIF orientation 6): a portrait picture, its longest side 2048, no EXIF left.
    const metadata = await sharp(stored.bytes).metadata();
    expect({ width: metadata.width, height: metadata.height, exif: metadata.exif }).toEqual({ width: 1536, height: 2048, exif: undefined });
  });

  it('tries again with the same idempotencyId when the connection drops in the middle of the upload, says so, and makes one report', async () => {
    const page = await reportPage({ slowUplink: true });
    await fillReport(page, '22 Oak St', '5035550142');
    await page.getByLabel('Photo of the swarm (optional)').setInputFiles({ name: 'IMG_0043.jpg', mimeType: 'image/jpeg', buffer: picture });
    const uploadsBefore = proxy.uploads.length;
    // Chromium sends a request cut before its answer again by itself, several times: every upload is cut until the
    // page learns of it.
    proxy.dropReportUploadsAfter(50_000);

    await page.getByRole('button', { name: 'Report!' }).click();

    await page.getByRole('status').filter({ hasText: 'The connection dropped. Sending your report again…' }).waitFor({ timeout: 60_000 });
    proxy.stopDropping();
    await shot(page, 'report-connection-dropped-phone');
    await page.waitForURL(/\/success\//, { timeout: 60_000 });

    const uploads = proxy.uploads.slice(uploadsBefore);
    expect(uploads.length).toBeGreaterThan(1);
    expect(uploads.slice(0, -1).every((upload) => upload.dropped)).toBe(true);
    expect(uploads.at(-1)?.dropped).toBe(false);
    const idempotencyId = uploads[0]?.idempotencyId;
    expect(idempotencyId).toMatch(/.{8,}/);
    expect(uploads.map((upload) => upload.idempotencyId)).toEqual(uploads.map(() => idempotencyId));
    const reports = await reportsFrom('5035550142');
    expect(reports.map((report) => report.idempotencyId)).toEqual([idempotencyId]);
  });

  it('pressed without a signal, waits, says so, and goes by itself once the signal returns', async () => {
    const page = await reportPage({ slowUplink: false });
    await fillReport(page, '23 Oak St', '5035550143');
    const uploadsBefore = proxy.uploads.length;
    await context?.setOffline(true);

    await page.getByRole('button', { name: 'Report!' }).click();

    await page.getByRole('status').filter({ hasText: 'No signal. Your report will be sent as soon as your phone is back online.' }).waitFor();
    await shot(page, 'report-waiting-for-signal-phone');
    expect(proxy.uploads.length).toBe(uploadsBefore);

    await context?.setOffline(false);

    await page.waitForURL(/\/success\//, { timeout: 30_000 });
    expect(proxy.uploads.length).toBe(uploadsBefore + 1);
    expect(await reportsFrom('5035550143')).toHaveLength(1);
  });
});
