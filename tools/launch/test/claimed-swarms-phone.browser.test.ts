import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, loginLinkFor, seedAssociation, shot } from './browser-harness.js';
import { horizontalOverflow, phoneContext } from './phone-audit.js';

/**
 * Issue 22 on the smallest phone the product is checked on (360×740) in Debian's Chromium: the member's phone field
 * takes digits only, each Outcome in Claimed Swarms is read whole, and the toast after a change never covers the
 * control just used. One embedded product, one member, one page, the tests in order.
 */

const viewport = { width: 360, height: 740 };
const member = { email: 'rosa@example.org', name: 'Rosa Keeper', phone: '5035550166', addressTyped: '12 Oak St, Portl', address: '12 Oak St, Portland, OR, USA' };
const outcomes = ['Captured', 'Gone before arrival', 'Not honey bees', 'Could not reach', 'Other'] as const;

async function reportSwarm(product: EmbeddedProduct, address: string): Promise<string> {
  const form = new FormData();
  const fields = { reporterName: 'Jo Reporter', reporterPhone: '5035550177', size: 'Basketball', elevation: '12', address, recaptchaToken: 'dev', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${product.url}/api/report`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`report refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { reportId: string }).reportId;
}

/** The select's width on screen, and the width it takes when nothing constrains it: its widest option, whole. */
const widths = (select: Locator) =>
  select.evaluate((element) => {
    const probe = element.cloneNode(true) as typeof element;
    Object.assign(probe.style, { width: 'max-content', minWidth: '0', maxWidth: 'none', position: 'absolute', visibility: 'hidden' });
    element.parentElement?.appendChild(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    return { shown: element.getBoundingClientRect().width, needed };
  });

const boxesOverlap = async (first: Locator, second: Locator) => {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) return false;
  return a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;
};

describe('issue 22 on a 360 px phone: the phone field, the Outcome value, toasts clear of the control in use', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let memberId = '';

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
    context = await browser.newContext(phoneContext(viewport));
    page = await context.newPage();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.close();
  });

  it('takes only digits in the phone field of the member information, and names a short number with the spec message', { timeout: 90_000 }, async () => {
    await page.goto(`${product.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Email' }).press('Enter');
    await page.getByText('Success! Check for your email for a link to login.').waitFor();
    await page.goto(await loginLinkFor(product, member.email));
    const required = page.getByRole('dialog', { name: 'Required Information' });
    await required.waitFor();
    const phone = required.getByRole('textbox', { name: 'Phone' });
    expect(await phone.getAttribute('inputmode')).toBe('numeric');

    await phone.pressSequentially('5o3 555-abc');
    expect(await phone.inputValue()).toBe('53555');
    await required.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
    await required.getByRole('combobox', { name: 'Address' }).pressSequentially(member.addressTyped);
    await required.getByRole('option', { name: member.address }).click();
    await required.getByRole('button', { name: 'Update' }).click();
    await required.getByText('Phone is invalid (10 digts, only numbers)').waitFor();

    await phone.fill('');
    await phone.pressSequentially(`${member.phone}x9`);
    expect(await phone.inputValue()).toBe(member.phone);
    await required.getByRole('button', { name: 'Update' }).click();
    await required.waitFor({ state: 'detached' });
    for (let step = 1; step <= 7; step++) {
      const dialog = page.getByRole('dialog').filter({ hasText: `${step} of 7` });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: step === 7 ? 'Finish' : 'Next' }).click();
    }
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const found = (await product.clients.member.ensureMember({ email: member.email })).member;
    expect(found?.phoneNumber).toBe(member.phone);
    memberId = found?.memberId ?? '';
  });

  it('shows every Outcome whole on a Claimed Swarms card, within the screen', { timeout: 120_000 }, async () => {
    expect(memberId).not.toBe('');
    const { activationCode } = await seedAssociation(product, { name: 'Portland Beekeepers', donationUrl: '' });
    await product.clients.associationBilling.joinAssociation({ memberId, activationCode });
    await product.clients.member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
    const reportIds = [await reportSwarm(product, '40 Elm St, Portland, OR, USA'), await reportSwarm(product, '41 Elm St, Portland, OR, USA')];
    // Claimed as the member area would once the alerts went out (only alerted members may claim).
    for (const reportId of reportIds) {
      await waitUntil(
        async () => (await product.clients.report.claimReport({ reportId, memberId }).then(() => true, () => false)),
        30_000,
        'the alert, then the claim',
      );
    }

    await page.reload();
    const claimed = page.getByRole('region', { name: 'Claimed Swarms', exact: true });
    await expect.poll(() => claimed.getByTestId('report-card').count()).toBe(2);
    const select = claimed.getByTestId('report-card').first().getByRole('combobox', { name: /^Outcome of swarm/ });
    const { shown, needed } = await widths(select);
    expect(shown).toBeGreaterThanOrEqual(needed);
    const box = await select.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    for (const outcome of ['Could not reach', 'Gone before arrival'] as const) {
      await select.selectOption(outcome);
      await page.getByRole('status').filter({ hasText: 'The outcome has been recorded.' }).first().waitFor();
      await expect.poll(() => select.isEnabled()).toBe(true);
      expect(await select.locator('option:checked').textContent()).toBe(outcome);
    }
    expect(outcomes).toContain(await select.inputValue());
    expect(await horizontalOverflow(page)).toEqual([]);
    await select.scrollIntoViewIfNeeded();
    await shot(page, 'claimed-swarms-outcome-360');
  });

  it('keeps the toast after an Outcome change off the Outcome control, wherever the control is on the screen', { timeout: 60_000 }, async () => {
    const claimed = page.getByRole('region', { name: 'Claimed Swarms', exact: true });
    const cards = claimed.getByTestId('report-card');
    for (const [index, block] of [
      [1, 'end'],
      [0, 'start'],
      [1, 'center'],
    ] as const) {
      const select = cards.nth(index).getByRole('combobox', { name: /^Outcome of swarm/ });
      // Any toast still shown leaves first, so each change is measured with its own.
      for (const toast of await page.getByRole('region', { name: 'Notifications' }).getByRole('status').all()) await toast.click().catch(() => undefined);
      await page.getByRole('region', { name: 'Notifications' }).getByRole('status').first().waitFor({ state: 'detached' }).catch(() => undefined);
      await select.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
      await select.focus();
      const next = (await select.inputValue()) === 'Captured' ? 'Other' : 'Captured';
      await select.selectOption(next);
      const card = page.getByRole('region', { name: 'Notifications' }).locator('[data-kind="success"]').filter({ hasText: 'The outcome has been recorded.' });
      await card.waitFor();
      expect(await boxesOverlap(card, select), `toast over the Outcome control scrolled to the ${block}`).toBe(false);
      // It stays clear for as long as it is shown, not only when it appears.
      await page.waitForTimeout(600);
      expect(await boxesOverlap(card, select)).toBe(false);
      if (block === 'end') await shot(page, 'claimed-swarms-toast-360');
    }
  });

  it('keeps the page from scrolling sideways on a desktop too, where Claimed Swarms is a table', { timeout: 60_000 }, async () => {
    // The same member's session, on a wide screen.
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState: await context.storageState() });
    try {
      const wide = await desktop.newPage();
      await wide.goto(`${product.url}/member`);
      const claimed = wide.getByRole('region', { name: 'Claimed Swarms', exact: true });
      await expect.poll(() => claimed.getByRole('table').locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
      // The Outcome controls' hidden labels stay inside the table's scroll box, not past the page's right edge.
      expect(await horizontalOverflow(wide)).toEqual([]);
    } finally {
      await desktop.close();
    }
  });
});
