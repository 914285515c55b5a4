import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, logInAsNewMember, seedAssociation, shot } from './browser-harness.js';
import { accessibilityProblemsIn, horizontalOverflow, phoneContext, smallTapTargets } from './phone-audit.js';

/**
 * Issue 24's association map on the smallest phone the product is checked on (360×740) in Debian's Chromium, against
 * the embedded product: three reports in Portland and one refused in Lake Oswego (nobody covers it, five cells away)
 * are two hexagons over the US outlines, every figure in the table, the refused one as 'fewer than 3'; the area her
 * 5-mile range covers is shaded under them and said in words; the cells and that area download as GeoJSON; once the
 * membership is set inactive, the section says why.
 */

const viewport = { width: 360, height: 740 };
const association = { name: 'Multnomah Beekeepers', donationUrl: '' };
const admin = { email: 'mara@example.org', name: 'Mara Keeper', phone: '5035550161', addressTyped: '12 Oak St, Portl', address: '12 Oak St, Portland, OR, USA' };
const PORTLAND_CELL = '8728f0023ffffff';
const LAKE_OSWEGO_CELL = '8728f0103ffffff';
const INACTIVE = 'Your membership of this association is inactive, so its map is not shown. Enter an activation code in Associations to make it active again.';
const sectionName = `Association map: ${association.name}`;

/** Every axe finding inside the map section, and the serious or critical ones anywhere on the page. */
const accessibilityProblems = (page: Page, state: string) => accessibilityProblemsIn(page, 'Association map', state);

async function report(product: EmbeddedProduct, address: string): Promise<number> {
  const form = new FormData();
  const fields = { reporterName: 'Jo Reporter', reporterPhone: '5035550188', size: 'Softball', elevation: '8', address, recaptchaToken: 'dev', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return (await fetch(`${product.url}/api/report`, { method: 'POST', body: form })).status;
}

describe('issue 24 on a 360 px phone: the association map, its table and its download, and why a deactivated admin sees none', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let companyId = '';
  let memberId = '';

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    ({ companyId } = await seedAssociation(product, association));
    browser = await launchChromium();
    context = await browser.newContext({ ...phoneContext(viewport), acceptDownloads: true });
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.close();
  });

  it('draws the cells over the outlines, the same figures in a table, fewer than 3 in words, keyboard usable, axe clean', { timeout: 180_000 }, async () => {
    await logInAsNewMember(page, product, admin);
    const { member, associationBilling } = product.clients;
    memberId = (await member.ensureMember({ email: admin.email })).member?.memberId ?? '';
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
    const { activationCode } = await associationBilling.issueActivationCode({ companyId });
    await associationBilling.joinAssociation({ memberId, activationCode });
    await associationBilling.makeAdmin({ companyId, memberId });

    // Three reports in Portland alert her; one in Lake Oswego, beyond her 5 miles, is refused: unserved demand.
    for (const street of ['40 Elm St', '41 Elm St', '42 Elm St']) expect(await report(product, `${street}, Portland, OR, USA`)).toBe(201);
    expect(await report(product, '7 Lake Rd, Lake Oswego, OR, USA')).toBe(404);
    const alerts = async () => {
      const { sms } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { sms?: { to: string }[] };
      return (sms ?? []).filter((message) => message.to === admin.phone).length;
    };
    await waitUntil(async () => (await alerts()) >= 3, 30_000, 'the three alerts');

    const section = page.getByRole('region', { name: sectionName });
    const table = section.getByRole('table');
    const rowOf = (cell: string) => table.locator('tbody tr').filter({ has: page.getByRole('button', { name: `Show cell ${cell} on the map` }) });
    // The reports reach the insights service through their events; a reload asks again.
    await expect
      .poll(async () => {
        await page.reload();
        await section.getByRole('combobox', { name: 'Period of the map' }).waitFor();
        if ((await table.count()) === 0) return [];
        return (await rowOf(PORTLAND_CELL).locator('td').allTextContents()).slice(0, 1).concat(await rowOf(LAKE_OSWEGO_CELL).locator('td').allTextContents());
      }, { timeout: 30_000 })
      .toEqual(['3', '0', '—', '—', '—', '—', '—', 'fewer than 3', '—', '—', '—']);
    // Each cell is named by the town it is near, under its id: what tells an admin where it is.
    expect(await rowOf(PORTLAND_CELL).locator('th').textContent()).toBe(`${PORTLAND_CELL}near Portland, OR`);

    const map = section.getByRole('img', { name: /^Map of 2 cells/ });
    await map.waitFor();
    expect(await map.getAttribute('aria-label')).toMatch(
      /^Map of 2 cells of about 5 km²: 1 with reports, shaded by how many, and 1 with unserved demand, hatched in violet\. Today your members' alert ranges cover the area shaded in teal, about \d{3} km²\. The table below has every figure\.$/,
    );
    // Her 5-mile range around her home's coarse cell: one shaded area under the cells, in the legend and in words.
    const area = map.locator('[data-testid="member-coverage"]');
    expect(await area.count()).toBe(1);
    const layers = await map.evaluate((svg) => [...svg.children].map((child) => child.getAttribute('data-testid')));
    expect(layers.indexOf('member-coverage')).toBeLessThan(layers.indexOf('map-cell'));
    expect(await section.getByText('area your members cover today (their alert ranges)').isVisible()).toBe(true);
    expect(await section.getByTestId('member-coverage-text').textContent()).toMatch(/^Today your members' alert ranges cover the shaded area \(about \d{3} km²\)\.$/);
    expect(await map.locator('[data-testid="map-cell"]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-cell")).sort())).toEqual([LAKE_OSWEGO_CELL, PORTLAND_CELL].sort());
    expect(await map.locator('[data-unserved]').count()).toBe(1);
    // The state outlines are fetched with the map and drawn under the cells, without any tile server.
    await expect.poll(() => map.locator('path[stroke="#8c8170"]').count(), { timeout: 10_000 }).toBe(1);
    const box = await map.boundingBox();
    expect(Boolean(box && box.x >= 0 && box.x + box.width <= viewport.width)).toBe(true);
    // No exact count of one or two anywhere in the section.
    expect(await section.locator('td').allTextContents()).not.toContain('1');

    // By keyboard: a cell's button in the table outlines it on the map, and brings the map into view (the table is
    // below it, a screen away on a phone).
    const button = section.getByRole('button', { name: `Show cell ${LAKE_OSWEGO_CELL} on the map` });
    await map.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await page.evaluate('window.scrollBy(0, 800)');
    await button.focus();
    await page.keyboard.press('Enter');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect(await map.locator('[data-testid="map-cell-selected"]').count()).toBe(1);
    await expect.poll(async () => {
      const shown = await map.boundingBox();
      return Boolean(shown && shown.y >= -1 && shown.y + shown.height <= viewport.height + 1);
    }).toBe(true);

    await map.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'association-map-360');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect((await smallTapTargets(page)).filter((target) => target.includes('Show cell'))).toEqual([]);
    expect(await accessibilityProblems(page, '/member with the map on a 360 px phone')).toEqual([]);

    // The cells download as GeoJSON: closed [longitude, latitude] hexagons with the figures.
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download the cells (GeoJSON)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Multnomah Beekeepers cells \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d\.geojson$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const geoJson = JSON.parse(readFileSync(path, 'utf8')) as { type: string; features: { geometry: { coordinates: number[][][] }; properties: { h3Cell: string; unserved: unknown } }[] };
    expect(geoJson.type).toBe('FeatureCollection');
    const oswego = geoJson.features.find((feature) => feature.properties.h3Cell === LAKE_OSWEGO_CELL);
    expect(oswego?.properties.unserved).toBe('fewer than 3');
    const ring = oswego?.geometry.coordinates[0] ?? [];
    expect(ring).toHaveLength(7);
    expect(ring[0]).toEqual(ring[6]);
    expect(ring[0]?.[0]).toBeCloseTo(-122.67, 1);
    expect(ring[0]?.[1]).toBeCloseTo(45.42, 1);
    const coverageFeature = geoJson.features.find((feature) => (feature.properties as { layer?: string }).layer === 'member-coverage');
    expect(coverageFeature?.properties).toMatchObject({ resolution: 6, membersWithHome: 1, membersWithoutHome: 0 });
  });

  it('says why, in the section, once her membership is set inactive: no map, no table, axe clean', { timeout: 60_000 }, async () => {
    expect(memberId).not.toBe('');
    await product.clients.associationBilling.deactivateMembership({ companyId, memberId });

    await page.reload();
    const inactiveModal = page.getByRole('dialog', { name: 'One of your associations is inactive' });
    await inactiveModal.getByRole('button', { name: 'Not now' }).click();
    await inactiveModal.waitFor({ state: 'detached' });
    const section = page.getByRole('region', { name: sectionName });
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(INACTIVE);
    expect(await section.getByRole('table').count()).toBe(0);
    expect(await section.getByRole('img').count()).toBe(0);
    expect(await section.getByRole('combobox').count()).toBe(0);
    await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'association-map-inactive-360');
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await accessibilityProblems(page, '/member with the map refused on a 360 px phone')).toEqual([]);
  });
});
