import { join } from 'node:path';
import { type Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, screenshots } from './browser-harness.js';

describe('the landing page in a browser on a phone, served by the gateway', () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('warns that only honeybees are handled and leads to the identification flow', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`http://127.0.0.1:${product.port}/`);
    await expect.poll(() => page.getByText(/only honeybee swarms/i).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/wasps, hornets or yellow jackets/i).count()).toBeGreaterThan(0);
    const report = page.getByRole('link', { name: 'Report a swarm' });
    expect(await report.isVisible()).toBe(true);
    // Reachable without scrolling on a phone: an anxious reporter should not have to hunt for it.
    const box = await report.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: join(screenshots, 'landing-phone.png'), fullPage: true });

    await report.click();
    await page.waitForURL('**/identify/check-cluster');
    await page.screenshot({ path: join(screenshots, 'identify-check-cluster-phone.png'), fullPage: true });
    await page.close();
  });

  it('paints the brand line from the page itself before the scripts, where the landing page then shows its own', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const brandBox = async () => {
      const box = await page.getByText('Swarm Alert', { exact: true }).first().boundingBox();
      return box && [Math.round(box.x), Math.round(box.y), Math.round(box.height)];
    };
    // Without scripts, the page as a slow network first shows it: the brand line, nothing more.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`http://127.0.0.1:${product.port}/`);
    const shell = await brandBox();
    expect(shell).not.toBeNull();
    await page.unroute('**/*.js');
    await page.goto(`http://127.0.0.1:${product.port}/`);
    await page.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' }).waitFor();
    expect(await page.locator('.app-shell').count()).toBe(0);
    // The same place: nothing moves when the site takes over.
    expect(await brandBox()).toEqual(shell);
    await page.close();
  });

  it('opens a client-side route directly and falls back to the landing page for an unknown one', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`http://127.0.0.1:${product.port}/learn-more`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Swarm Alert for beekeeping associations');
    expect(page.url()).toMatch(/\/learn-more$/);
    await page.goto(`http://127.0.0.1:${product.port}/no/such/page`);
    await expect.poll(() => page.getByRole('link', { name: 'Report a swarm' }).count()).toBe(1);
    await page.close();
  });
});
