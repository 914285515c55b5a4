import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, screenshots } from './browser-harness.js';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A real 16×16 PNG, so the gateway's check of the bytes and the re-encoding both run. */
const swarmPhoto = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mN4tkqDJMQwqmFUw/DVAACojrgQpMJPrgAAAABJRU5ErkJggg==',
  'base64',
);

const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };

/** A funded association with one member living in Portland, OR: reports in Portland are covered, elsewhere not. */
async function seedPortlandBeekeeper(product: EmbeddedProduct): Promise<void> {
  const { member, associationBilling } = product.clients;
  const created = (await member.ensureMember({ email: 'keeper@example.com' })).member;
  if (!created) throw new Error('no member created');
  await member.updateMemberInformation({
    memberId: created.memberId,
    name: 'Kim Keeper',
    phoneNumber: '5035550199',
    address: 'Portland, OR, USA',
  });
  const company = (await associationBilling.createAssociation({ companyName: association.name, donationUrl: association.donationUrl })).association;
  if (!company) throw new Error('no association created');
  const { activationCode } = await associationBilling.issueActivationCode({ companyId: company.companyId });
  await associationBilling.joinAssociation({ memberId: created.memberId, activationCode });
  await associationBilling.topUp({ companyId: company.companyId, amountCents: 2_000 });
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/** Walks the identification flow from the landing page to the report form. */
async function identify(page: Page, baseUrl: string, screenshotEachStep = false) {
  const step = async (name: string) => {
    if (screenshotEachStep) await shot(page, name);
  };
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Report a swarm' }).click();
  await page.getByRole('heading', { name: 'Are the bees in a swarm (cluster)?' }).waitFor();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('heading', { name: 'Approximately how large is the swarm?' }).waitFor();
  await step('identify-size-phone');
  await page.getByRole('button', { name: 'Basketball' }).click();
  await page.getByRole('heading', { name: 'Is the swarm above ground?' }).waitFor();
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.getByRole('heading', { name: 'Approximately how high up is the swarm?' }).waitFor();
  await page.getByLabel('Height above the ground (feet)').fill('8');
  await step('identify-elevation-phone');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Report a swarm' }).waitFor();
}

async function fillReport(page: Page, street: string, town: string) {
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Phone').fill('5035550123');
  await page.getByRole('combobox', { name: 'Address' }).pressSequentially(`${street}, ${town}`, { delay: 20 });
  await page.getByRole('option').filter({ hasText: `${street}, ${town}` }).first().click();
}

describe('the reporter journey in a browser on a phone, against the embedded product', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    baseUrl = `http://127.0.0.1:${product.port}`;
    await seedPortlandBeekeeper(product);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('identifies the swarm, reports it with a photo (one report despite a double tap) and lists the association alerted', async () => {
    const page = await browser.newPage(phone);
    await identify(page, baseUrl, true);
    // The flow asked size and elevation, so the form does not.
    expect(await page.getByLabel('Size').count()).toBe(0);
    await fillReport(page, '12 Oak St', 'Portland');
    await page.getByLabel('Photo of the swarm (optional)').setInputFiles({ name: 'swarm.png', mimeType: 'image/png', buffer: swarmPhoto });
    await expect.poll(() => page.getByRole('img', { name: 'Preview of the selected swarm photo' }).isVisible()).toBe(true);
    await shot(page, 'report-form-phone');

    const reportPosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/report') reportPosts.push(request.url());
    });

    // An impatient double tap must still send one report.
    await page.getByRole('button', { name: 'Report!' }).dblclick();

    await page.waitForURL(/\/success\/[0-9a-f-]{36}$/);
    expect(reportPosts).toHaveLength(1);
    await expect.poll(() => page.getByText('Swarm has been reported').count()).toBe(1);
    const link = page.getByRole('link', { name: association.name });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(association.donationUrl);
    await shot(page, 'report-success-phone');
    await page.close();
  });

  it('asks before a second report at the same address, and Yes creates it', async () => {
    const page = await browser.newPage(phone);
    await page.goto(`${baseUrl}/report`);
    await fillReport(page, '7 Hive Rd', 'Portland');
    await page.getByLabel('Size').selectOption('Softball');
    await page.getByLabel(/Elevation/).fill('5');
    await page.getByRole('button', { name: 'Report!' }).click();
    await page.waitForURL(/\/success\//);

    await page.goto(`${baseUrl}/report`);
    await fillReport(page, '7 Hive Rd', 'Portland');
    await page.getByLabel('Size').selectOption('Softball');
    await page.getByLabel(/Elevation/).fill('5');
    await page.getByRole('button', { name: 'Report!' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Please only submit one report per swarm.' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Are you sure you want to submit another report?');
    await shot(page, 'report-duplicate-dialog-phone');
    const firstSuccess = page.url();

    await dialog.getByRole('button', { name: 'Yes' }).click();

    await page.waitForURL((url) => /\/success\//.test(url.pathname) && url.href !== firstSuccess);
    await page.getByRole('link', { name: association.name }).waitFor();
    await page.close();
  });

  it('tells the reporter when no beekeeper covers the address and points to a search', async () => {
    const page = await browser.newPage(phone);
    await page.goto(`${baseUrl}/report`);
    await fillReport(page, '3 Pine Ave', 'Boise');
    await page.getByLabel('Size').selectOption('Very Large');
    await page.getByLabel(/Elevation/).fill('10');

    await page.getByRole('button', { name: 'Report!' }).click();

    const toast = page.getByRole('alert').filter({ hasText: "We couldn't find any available beekeepers using our service in your area." });
    await toast.waitFor();
    expect(await toast.getByRole('link', { name: 'Search for beekeepers near you' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/report');
    await shot(page, 'report-no-beekeepers-phone');
    await page.close();
  });

  it('can be completed with the keyboard alone once the questions are answered', async () => {
    const page = await browser.newPage(phone);
    await identify(page, baseUrl);
    // Evaluated in the page; written as a string because this test compiles without the DOM typings.
    const focusedLabel = () => page.evaluate<string>("document.activeElement?.labels?.[0]?.textContent ?? ''");

    await page.getByLabel('Name').focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Phone');
    await page.keyboard.type('5035550177');
    // The consent to texts comes under the phone, checked; Space would clear it, Tab passes it.
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Text me when a beekeeper is on the way. Reply STOP to opt out.');
    await page.keyboard.press('Tab');
    expect(await focusedLabel()).toBe('Address');
    await page.keyboard.type('9 Comb Ln, Portland', { delay: 20 });
    await page.getByRole('option', { name: '9 Comb Ln, Portland, OR, USA' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'Address' }).inputValue()).toBe('9 Comb Ln, Portland, OR, USA');
    await page.getByLabel('Phone').focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/success\//);
    await page.getByRole('link', { name: association.name }).waitFor();
    await page.close();
  });

  it('shows the wasp dialog when the bees are not in a cluster', async () => {
    const page = await browser.newPage(phone);
    await page.goto(`${baseUrl}/identify/check-cluster`);
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByRole('dialog', { name: 'They might be wasps' }).waitFor();
    await shot(page, 'identify-wasp-dialog-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it('takes feedback from the Feedback tab and thanks the visitor', async () => {
    const page = await browser.newPage(phone);
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByLabel('Message').fill('The photo upload worked nicely.');
    await shot(page, 'feedback-dialog-phone');

    await dialog.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('Thank you for your feedback!').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });

  it.each(['/', '/identify/check-cluster', '/identify/elevation', '/report', '/faq', '/learn-more', '/privacy'])(
    '%s fits a 320 px wide phone without sideways scrolling, its controls clear of the Feedback tab',
    async (path) => {
      const page = await browser.newPage({ ...phone, viewport: { width: 320, height: 640 } });
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
      expect(overflow).toBeLessThanOrEqual(0);
      const coveredByTab = await page.evaluate<string[]>(`(() => {
        const tab = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Feedback').getBoundingClientRect();
        return [...document.querySelectorAll('main input, main select, main textarea, main button, main a')]
          .filter((control) => {
            const r = control.getBoundingClientRect();
            return r.width > 0 && r.left < tab.right && r.right > tab.left && r.top < tab.bottom && r.bottom > tab.top;
          })
          .map((control) => control.outerHTML.slice(0, 80));
      })()`);
      expect(coveredByTab).toEqual([]);
      await page.close();
    },
  );
});
