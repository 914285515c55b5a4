import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBinary } from '@swarm/testing';
import { chromium, type Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const screenshots = join(root, 'test-output', 'screenshots');

/** Builds the real SPA into a scratch folder, so the test never depends on (or overwrites) frontend/dist. */
function buildFrontend(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'swarm-spa-build-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, 'frontend'),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`frontend build failed:\n${build.stdout}\n${build.stderr}`);
  return outDir;
}

describe('the landing page in a browser on a phone, served by the gateway', () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    const executablePath = ensureBinary('chromium', 'chromium');
    product = await startEmbedded({ port: 0, host: '127.0.0.1', staticDir: buildFrontend(), loggerFor: () => pino({ level: 'silent' }) });
    browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    mkdirSync(screenshots, { recursive: true });
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
