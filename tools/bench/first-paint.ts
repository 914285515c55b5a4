/**
 * First contentful paint of a page on an emulated phone on Fast 3G, in Debian's Chromium (never a downloaded browser):
 * Chrome DevTools' Fast 3G preset (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up) and a 4× slower CPU, as
 * Lighthouse emulates a mid-range phone. Each measurement opens a fresh context, so nothing is cached.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1_474.56 * 1_000) / 8, uploadThroughput: (675 * 1_000) / 8 };
export const PHONE_CPU_SLOWDOWN = 4;

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export type Paints = {
  /** From navigation to the first text or image painted. */
  firstContentfulPaintMs: number;
  /** From navigation to the largest text or image painted (the landing page's heading or text): when it reads as loaded. */
  largestContentfulPaintMs: number;
};

/** The first and the largest contentful paint of `url`, waiting for `readyText` to be on the page. */
export async function paintsOf(browser: Browser, url: string, readyText: string): Promise<Paints> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.getByText(readyText).first().waitFor({ timeout: 60_000 });
    // Written as a string: the benchmark compiles without the DOM typings. The largest paint is final once the page
    // has settled; a frame later every entry has been delivered.
    const paints = await page.evaluate<{ first: number | null; largest: number | null }>(`new Promise((resolve) => {
      let largest = null;
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) largest = entry.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => {
        const first = performance.getEntriesByName('first-contentful-paint')[0];
        resolve({ first: first ? first.startTime : null, largest });
      }, 500);
    })`);
    if (paints.first === null || paints.largest === null) throw new Error(`no contentful paint on ${url}`);
    return { firstContentfulPaintMs: paints.first, largestContentfulPaintMs: paints.largest };
  } finally {
    await context.close();
  }
}
