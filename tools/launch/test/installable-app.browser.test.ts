import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, phone, shot } from './browser-harness.js';
import { axeFindings, horizontalOverflow, isSeriousOrCritical, phoneContext, smallTapTargets } from './phone-audit.js';

/**
 * The site as an installable web app, in Debian's Chromium on a phone, served by the embedded product from a
 * production build: the manifest and its icons, the service worker (registered after the landing page has loaded,
 * controlling the page from the next load, opening the site offline, caching no API answer) and the banner a new
 * version brings. Each test has its own browser context, so its own service worker and caches.
 */

const NEW_VERSION = 'A new version of Swarm Alert is available.';

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };

const controllerScript = (page: Page) => page.evaluate<string | null>('navigator.serviceWorker.controller?.scriptURL ?? null');
const workerReady = (page: Page) => page.evaluate<string | undefined>('navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL)');
const cachedUrls = (page: Page) =>
  page.evaluate<string[]>(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  })()`);

describe('the site as an installable web app on a phone', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let built: string;
  let context: BrowserContext;
  const site = (path: string) => `${product.url}${path}`;

  beforeAll(async () => {
    built = buildFrontend({ NODE_ENV: 'production' });
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: built }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
  });

  afterEach(async () => {
    await context?.close();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    if (built) rmSync(built, { recursive: true, force: true });
  });

  it('links a manifest that installs the app standalone, with icons of the sizes it states', async () => {
    context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(site('/'));

    const manifestUrl = await page.evaluate<string>('document.querySelector(\'link[rel="manifest"]\').href');
    const response = await page.request.get(manifestUrl);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; icons: ManifestIcon[] };
    expect(manifest).toMatchObject({ name: 'Swarm Alert', start_url: '/', scope: '/', display: 'standalone' });
    expect(await page.evaluate<string>('document.querySelector(\'meta[name="theme-color"]\').content')).toBe(manifest.theme_color);

    const appleIcon = await page.evaluate<string>('document.querySelector(\'link[rel="apple-touch-icon"]\').href');
    const icons = [...manifest.icons, { src: appleIcon, sizes: '180x180', type: 'image/png' }];
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of icons) {
      const url = new URL(icon.src, manifestUrl).href;
      // Decoded by the browser, as a launcher would: its pixel size must be the one the manifest states.
      const size = await page.evaluate<string>(`new Promise((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth + 'x' + image.naturalHeight);
        image.onerror = () => reject(new Error('cannot load ${url}'));
        image.src = ${JSON.stringify(url)};
      })`);
      expect(size, icon.src).toBe(icon.sizes);
      expect((await page.request.get(url)).headers()['content-type'], icon.src).toBe(icon.type);
    }
  });

  it("registers the service worker only after the landing page's load event, and controls the page from the next load", async () => {
    context = await browser.newContext(phone);
    const page = await context.newPage();
    // When the page calls register(), on the page's clock.
    await page.addInitScript(`(() => {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        window.__registeredAt = performance.now();
        return register(...args);
      };
    })()`);
    await page.goto(site('/'));
    await page.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' }).waitFor();
    expect(await workerReady(page)).toBe(site('/sw.js'));
    const timing = await page.evaluate<{ firstPaint: number | undefined; loadEventStart: number; registeredAt: number | undefined }>(`({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      loadEventStart: performance.getEntriesByType('navigation')[0].loadEventStart,
      registeredAt: window.__registeredAt,
    })`);

    expect(timing.firstPaint).toBeDefined();
    expect(timing.registeredAt).toBeDefined();
    // The page painted, and finished loading, before its service worker was even asked for.
    expect(timing.firstPaint!).toBeLessThan(timing.registeredAt!);
    expect(timing.loadEventStart).toBeGreaterThan(0);
    expect(timing.registeredAt!).toBeGreaterThanOrEqual(timing.loadEventStart);
    // The first visit came from the network: nothing controls it, and no update is offered.
    expect(await controllerScript(page)).toBeNull();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' }).waitFor();
    expect(await controllerScript(page)).toBe(site('/sw.js'));
    expect(await page.getByText(NEW_VERSION).count()).toBe(0);
  });

  it('opens the pages of the site offline from what it precached, and caches no answer of the API', async () => {
    context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto(site('/'));
    await workerReady(page);
    // Pages that call the API (GET /api/config), opened while the worker controls them.
    await page.goto(site('/faq'));
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    expect(await controllerScript(page)).toBe(site('/sw.js'));
    await page.goto(site('/learn-more'));
    await page.getByRole('heading', { level: 1, name: 'Swarm Alert for beekeeping associations' }).waitFor();

    const cached = await cachedUrls(page);
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
    expect(cached.some((path) => /^\/assets\/member-pages-.*\.js$/.test(path)), 'every page of the build is precached').toBe(true);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

    await context.setOffline(true);
    // A page never opened before, at an address only the app's router knows.
    await page.goto(site('/about'));
    await page.getByRole('heading', { level: 1, name: 'How it works' }).waitFor();
    await page.goto(site('/identify/check-cluster'));
    await page.getByRole('heading', { level: 1, name: 'Are the bees in a swarm (cluster)?' }).waitFor();
    await context.setOffline(false);
  });

  it('offers a new version with a banner on a 360 px phone, and Reload switches to it with one reload', async () => {
    context = await browser.newContext(phoneContext({ width: 360, height: 740 }));
    const page = await context.newPage();
    await page.goto(site('/'));
    await workerReady(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' }).waitFor();
    const oldWorker = await controllerScript(page);
    expect(oldWorker).toBe(site('/sw.js'));

    // A deployment: the worker script changes (the gateway serves its brotli or gzip copy to the browser).
    const worker = `${readFileSync(join(built, 'sw.js'), 'utf8')}\n// deployed again\n`;
    writeFileSync(join(built, 'sw.js'), worker);
    writeFileSync(join(built, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(join(built, 'sw.js.gz'), gzipSync(worker));
    await page.evaluate('navigator.serviceWorker.getRegistration().then((registration) => registration.update())');

    const banner = page.getByRole('region', { name: 'New version' });
    await banner.getByRole('status').filter({ hasText: NEW_VERSION }).waitFor();
    const reload = banner.getByRole('button', { name: 'Reload' });
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect((await axeFindings(page, 'new version banner')).filter(isSeriousOrCritical)).toEqual([]);
    const box = await reload.boundingBox();
    expect(box && box.y + box.height).toBeLessThanOrEqual(740);
    await shot(page, 'new-version-banner-360');
    // Non-blocking: the page's own controls still answer while it shows.
    expect(await page.getByRole('link', { name: 'Report a swarm' }).isVisible()).toBe(true);

    let loads = 0;
    page.on('load', () => loads++);
    await page.evaluate('window.__beforeReload = true');
    await reload.click();
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
    await page.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' }).waitFor();
    expect(await page.evaluate('window.__beforeReload ?? null')).toBeNull();
    expect(await page.evaluate<boolean>('navigator.serviceWorker.getRegistration().then((registration) => registration.waiting === null && registration.active !== null)')).toBe(true);
    expect(await controllerScript(page)).toBe(site('/sw.js'));
    expect(await page.getByText(NEW_VERSION).count()).toBe(0);
    // Once: no second reload follows.
    await page.waitForTimeout(500);
    expect(loads).toBe(1);
  });
});
