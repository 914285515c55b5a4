import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitUntil } from '@swarm/testing';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, logInAsNewMember, seedAssociation, shot } from './browser-harness.js';
import { accessibilityProblemsIn, horizontalOverflow, phoneContext, smallTapTargets } from './phone-audit.js';

/**
 * Issue 24's association map where the site has map tiles (MAP_TILE_URL), on a 360×740 phone in Debian's Chromium:
 * a Leaflet map of the tiles of a local tile server, its credit shown as written, the members' area and the cells drawn
 * over the tiles, a cell picked in the table or tapped on the map outlined, the map zoomed by keyboard, axe clean.
 */

const viewport = { width: 360, height: 740 };
const association = { name: 'Clackamas Beekeepers', donationUrl: '' };
const admin = { email: 'ines@example.org', name: 'Ines Keeper', phone: '5035550162', addressTyped: '12 Oak St, Portl', address: '12 Oak St, Portland, OR, USA' };
const PORTLAND_CELL = '8728f0023ffffff';
const LAKE_OSWEGO_CELL = '8728f0103ffffff';
/** Markup in the configured credit must show as these very characters. */
const ATTRIBUTION = '© Local Test Tiles <contributors>';
const sectionName = `Association map: ${association.name}`;
const TILES_UNAVAILABLE = "The map's background could not be loaded from its tile server; the cells are drawn without it.";

type TileServer = { template: string; requests: { z: number; x: number; y: number }[]; failing: boolean; close: () => Promise<void> };

/** An XYZ tile server on a free local port: one pale 256 px PNG for any /{z}/{x}/{y}.png, every request counted. */
async function startTileServer(): Promise<TileServer> {
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e9e4d8' } }).png().toBuffer();
  const requests: TileServer['requests'] = [];
  const tileServer: TileServer = { template: '', requests, failing: false, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  const server: Server = createServer((request, response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    if (tileServer.failing) {
      response.writeHead(503).end();
      return;
    }
    requests.push({ z: Number(match[1]), x: Number(match[2]), y: Number(match[3]) });
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.length }).end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  tileServer.template = `http://127.0.0.1:${port}/{z}/{x}/{y}.png`;
  return tileServer;
}

/** Every axe finding inside the map section, and the serious or critical ones anywhere on the page. */
const accessibilityProblems = (page: Page, state: string) => accessibilityProblemsIn(page, 'Association map', state);

async function report(product: EmbeddedProduct, address: string): Promise<number> {
  const form = new FormData();
  const fields = { reporterName: 'Jo Reporter', reporterPhone: '5035550189', size: 'Softball', elevation: '8', address, recaptchaToken: 'dev', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return (await fetch(`${product.url}/api/report`, { method: 'POST', body: form })).status;
}

describe('issue 24 on a 360 px phone with map tiles: a Leaflet map of the tiles, the cells over them, keyboard zoom', () => {
  let tiles: TileServer;
  let product: EmbeddedProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let companyId = '';
  const refusedByPolicy: string[] = [];

  beforeAll(async () => {
    tiles = await startTileServer();
    product = await startEmbedded({
      env: { PORT: '0', STATIC_DIR: buildFrontend(), MAP_TILE_URL: tiles.template, MAP_TILE_ATTRIBUTION: ATTRIBUTION },
      loggerFor: () => pino({ level: 'silent' }),
    });
    ({ companyId } = await seedAssociation(product, association));
    browser = await launchChromium();
    context = await browser.newContext(phoneContext(viewport));
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refusedByPolicy.push(message.text());
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.close();
    await tiles?.close();
  });

  it('shows the tiles with their credit, the cells over them, a cell picked in the table or tapped on the map outlined, + zooms in, axe clean', { timeout: 180_000 }, async () => {
    await logInAsNewMember(page, product, admin);
    const { member, associationBilling } = product.clients;
    const memberId = (await member.ensureMember({ email: admin.email })).member?.memberId ?? '';
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
    const { activationCode } = await associationBilling.issueActivationCode({ companyId });
    await associationBilling.joinAssociation({ memberId, activationCode });
    await associationBilling.makeAdmin({ companyId, memberId });

    // One report in Portland alerts her; one in Lake Oswego, beyond her 5 miles, is refused: unserved demand.
    expect(await report(product, '40 Elm St, Portland, OR, USA')).toBe(201);
    expect(await report(product, '7 Lake Rd, Lake Oswego, OR, USA')).toBe(404);
    const alerts = async () => {
      const { sms } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { sms?: { to: string }[] };
      return (sms ?? []).filter((message) => message.to === admin.phone).length;
    };
    await waitUntil(async () => (await alerts()) >= 1, 30_000, 'the alert');

    const section = page.getByRole('region', { name: sectionName });
    const table = section.getByRole('table');
    // The reports reach the insights service through their events; a reload asks again.
    await expect
      .poll(async () => {
        await page.reload();
        await section.getByRole('combobox', { name: 'Period of the map' }).waitFor();
        return (await table.count()) === 0 ? 0 : table.locator('tbody tr').count();
      }, { timeout: 30_000 })
      .toBe(2);

    const map = section.getByRole('region', { name: /^Map of 2 cells/ });
    await map.waitFor();
    expect(await map.getAttribute('aria-label')).toMatch(
      /^Map of 2 cells of about 5 km²: 1 with reports, shaded by how many, and 1 with unserved demand, hatched in violet\. Today your members' alert ranges cover the area shaded in teal, about \d{3} km²\. The table below has every figure\.$/,
    );
    const mapBox = await map.boundingBox();
    expect(Boolean(mapBox && mapBox.x >= 0 && mapBox.x + mapBox.width <= viewport.width && mapBox.height >= 200)).toBe(true);

    // The tiles come from the tile server and are shown (decoded, on screen inside the map).
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(await page.evaluate<number>(`document.querySelector('.leaflet-container img.leaflet-tile-loaded').naturalWidth`)).toBe(256);
    expect(await section.getByText('Outlines: US Census Bureau (us-atlas)').count()).toBe(0);
    // One finger scrolls the page past the map, as everywhere else on it (two pan and pinch the map): no drag handler
    // holds the touch, and the browser is left to pan the page.
    expect(await page.evaluate<string[]>(`[...document.querySelector('.leaflet-container').classList]`)).not.toContain('leaflet-touch-drag');
    expect(await page.evaluate<string>(`getComputedStyle(document.querySelector('.leaflet-container')).touchAction`)).toMatch(/pan-y/);

    // The credit is visible, as written.
    const credit = map.locator('.leaflet-control-attribution');
    expect(await credit.isVisible()).toBe(true);
    expect(await credit.textContent()).toContain(ATTRIBUTION);
    expect(await credit.locator('contributors').count()).toBe(0);

    // The cells are SVG paths in Leaflet's overlay pane, over the tiles and inside the map.
    const cells = map.locator('.leaflet-overlay-pane svg [data-testid="map-cell"]');
    expect(await cells.evaluateAll((paths) => paths.map((path) => path.getAttribute('data-cell')).sort())).toEqual([LAKE_OSWEGO_CELL, PORTLAND_CELL].sort());
    expect(await map.locator('.leaflet-overlay-pane [data-unserved]').count()).toBe(1);
    // Her area (her home and range), shaded under the cells, in the same overlay.
    const layers = await map.locator('.leaflet-overlay-pane svg path[data-testid]').evaluateAll((paths) => paths.map((path) => path.getAttribute('data-testid')));
    expect(layers.indexOf('member-coverage')).toBeGreaterThanOrEqual(0);
    expect(layers.indexOf('member-coverage')).toBeLessThan(layers.indexOf('map-cell'));
    expect(await section.getByText('area your members cover today (their alert ranges)').isVisible()).toBe(true);
    for (const box of await cells.evaluateAll((paths) => paths.map((path) => path.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }))) {
      expect(box.width).toBeGreaterThan(4);
      expect(box.x).toBeGreaterThanOrEqual(mapBox!.x);
      expect(box.x + box.width).toBeLessThanOrEqual(mapBox!.x + mapBox!.width);
      expect(box.y).toBeGreaterThanOrEqual(mapBox!.y);
      expect(box.y + box.height).toBeLessThanOrEqual(mapBox!.y + mapBox!.height);
    }

    // A cell's button in the table outlines it on the map.
    const button = section.getByRole('button', { name: `Show cell ${LAKE_OSWEGO_CELL} on the map` });
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const outlined = map.locator('.leaflet-overlay-pane [data-testid="map-cell-selected"]');
    expect(await outlined.count()).toBe(1);
    expect(await outlined.getAttribute('stroke')).toBe('#1a5fb4');

    await map.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'association-map-tiles-360');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect((await smallTapTargets(page)).filter((target) => /Zoom|Show cell/.test(target))).toEqual([]);
    expect(await accessibilityProblems(page, '/member with the tile map on a 360 px phone')).toEqual([]);

    // A tap on a cell of the map picks it, as its button in the table does.
    await cells.and(page.locator(`[data-cell="${PORTLAND_CELL}"]`)).tap();
    expect(await section.getByRole('button', { name: `Show cell ${PORTLAND_CELL} on the map` }).getAttribute('aria-pressed')).toBe('true');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    expect(await outlined.count()).toBe(1);

    // By keyboard: focused, the map zooms in with '+', and the tiles of the next zoom level are fetched.
    const deepest = () => Math.max(...tiles.requests.map((request) => request.z));
    const before = deepest();
    await map.focus();
    expect(await page.evaluate<boolean>(`document.activeElement?.classList.contains('leaflet-container') === true`)).toBe(true);
    await page.keyboard.press('+');
    await expect.poll(deepest, { timeout: 10_000 }).toBe(before + 1);
    await expect.poll(() => map.locator(`img.leaflet-tile-loaded[src*="/${before + 1}/"]`).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await accessibilityProblems(page, '/member with the tile map zoomed in on a 360 px phone')).toEqual([]);
    expect(refusedByPolicy).toEqual([]);
    expect(await section.getByText(TILES_UNAVAILABLE).count()).toBe(0);
  });

  it('says so under the map when the tile server answers no tile, and still draws the cells', { timeout: 60_000 }, async () => {
    tiles.failing = true;
    try {
      await page.reload();
      const section = page.getByRole('region', { name: sectionName });
      await section.getByText(TILES_UNAVAILABLE).waitFor({ timeout: 20_000 });
      expect(await section.locator('[data-testid="map-cell"]').count()).toBe(2);
      expect(await accessibilityProblems(page, '/member with the tile server down on a 360 px phone')).toEqual([]);
    } finally {
      tiles.failing = false;
    }
  });
});
