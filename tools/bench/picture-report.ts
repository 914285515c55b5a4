/**
 * A report sent from the site on an emulated phone on Fast 3G with a 4× slower CPU (the preset of first-paint.ts),
 * timed from the press on 'Report!' to the success page, in Debian's Chromium.
 */
import type { Browser } from 'playwright-core';
import { FAST_3G, PHONE_CPU_SLOWDOWN } from './first-paint.js';

export type PictureReport = {
  /** From the press on 'Report!' to the success page. */
  reportMs: number;
  /** The site's own measure of preparing the picture (0 without one). */
  preparationMs: number;
  reportId: string;
};

/** The site's performance measure of each picture preparation (frontend `prepare-picture.ts`). */
const PICTURE_PREPARATION_MEASURE = 'swarm:picture-preparation';

/**
 * Fills the report form at `${url}/report` for `street` in `town` (an address the offline gazetteer places), picks
 * `picture` when given and presses 'Report!' at once, so the picture is prepared while the reporter waits: the worst
 * case, as if the photo were taken and sent in one go.
 */
export async function reportWithPicture(browser: Browser, url: string, report: { street: string; town: string; picture?: Buffer }): Promise<PictureReport> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    await page.goto(`${url}/report`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByLabel('Name').fill('Bench Reporter');
    await page.getByLabel('Phone').fill('5415550100');
    await page.getByRole('combobox', { name: 'Address' }).pressSequentially(`${report.street}, ${report.town}`);
    await page.getByRole('option').filter({ hasText: `${report.street}, ${report.town}` }).first().click({ timeout: 60_000 });
    await page.getByLabel('Size').selectOption('Basketball');
    await page.getByLabel(/Elevation/).fill('6');
    if (report.picture) {
      await page.getByLabel('Photo of the swarm (optional)').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: report.picture });
    }
    const pressedAt = performance.now();
    await page.getByRole('button', { name: 'Report!' }).click();
    await page.waitForURL(/\/success\//, { timeout: 120_000 });
    const reportMs = performance.now() - pressedAt;
    // Written as a string: the benchmark compiles without the DOM typings.
    const preparationMs = await page.evaluate<number>(
      `performance.getEntriesByName(${JSON.stringify(PICTURE_PREPARATION_MEASURE)}).reduce((total, entry) => total + entry.duration, 0)`,
    );
    const reportId = new URL(page.url()).pathname.split('/').pop() ?? '';
    return { reportMs, preparationMs, reportId };
  } finally {
    await context.close();
  }
}
