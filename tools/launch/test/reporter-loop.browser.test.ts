import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { type Browser, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, logInAsNewMember, seedAssociation, shot } from './browser-harness.js';
import { axeFindings, horizontalOverflow, isSeriousOrCritical, phoneContext, phoneViewports } from './phone-audit.js';

/**
 * Issue 13 on a phone in Debian's Chromium, against the embedded product: the reporter's consent on the report form,
 * the Outcome cell of Claimed Swarms, and the association statistics an admin sees (and a member who is not one
 * does not).
 */

const association = { name: 'Willamette Beekeepers', donationUrl: '' };
const admin = { email: 'ada@example.org', name: 'Ada Keeper', phone: '5035550141', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' };
const member = { email: 'bo@example.org', name: 'Bo Keeper', phone: '5035550142', addressTyped: '14 Oak St, Portland', address: '14 Oak St, Portland, OR, USA' };
const reporterPhone = '5035550177';
const CONSENT = 'Text me when a beekeeper is on the way. Reply STOP to opt out.';
const [phone] = phoneViewports;

async function smsTo(product: EmbeddedProduct, to: string): Promise<string[]> {
  const { sms } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { sms?: { to: string; body: string }[] };
  return (sms ?? []).filter((message) => message.to === to).map((message) => message.body);
}

async function seriousFindings(page: Page, state: string): Promise<string[]> {
  return (await axeFindings(page, state)).filter(isSeriousOrCritical).map((finding) => `${state}: ${finding.rule} ${finding.targets.join(', ')}`);
}

/** The member joins the association by its activation code, available all day for swarms up to 50 feet. */
async function joinAndBeAvailable(product: EmbeddedProduct, email: string, companyId: string, asAdmin: boolean): Promise<void> {
  const { member: members, associationBilling } = product.clients;
  const memberId = (await members.ensureMember({ email })).member?.memberId ?? '';
  await members.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
  const { activationCode } = await associationBilling.issueActivationCode({ companyId });
  await associationBilling.joinAssociation({ memberId, activationCode });
  if (asAdmin) await associationBilling.makeAdmin({ companyId, memberId });
}

describe('the reporter in the loop, outcomes and statistics, in a browser on a phone', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let companyId = '';

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    ({ companyId } = await seedAssociation(product, association));
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('offers the consent checkbox under the phone field, checked, and sends the choice', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(phoneContext(phone.viewport));
    const page = await context.newPage();
    await page.goto(`${product.url}/report`);
    const consent = page.getByRole('checkbox', { name: CONSENT });
    await consent.waitFor();
    expect(await consent.isChecked()).toBe(true);
    // Under the phone field: after it in the form's order, and below it on the screen.
    const phoneBox = await page.getByRole('textbox', { name: /phone/i }).boundingBox();
    const consentBox = await consent.boundingBox();
    expect((consentBox?.y ?? 0) > (phoneBox?.y ?? Infinity)).toBe(true);
    expect(await horizontalOverflow(page)).toEqual([]);
    expect(await seriousFindings(page, '/report with the consent checkbox')).toEqual([]);
    await consent.uncheck();
    expect(await consent.isChecked()).toBe(false);
    await context.close();
  });

  it('lets the claimer record the outcome in Claimed Swarms, and shows an admin the statistics', { timeout: 180_000 }, async () => {
    const context = await browser.newContext(phoneContext(phone.viewport));
    const page = await context.newPage();
    await logInAsNewMember(page, product, admin);
    await joinAndBeAvailable(product, admin.email, companyId, true);

    const form = new FormData();
    const fields = { reporterName: 'Jo Reporter', reporterPhone, size: 'Softball', elevation: '8', address: '40 Elm St, Portland, OR, USA', recaptchaToken: 'dev', idempotencyId: randomUUID(), reporterUpdates: 'true' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect((await fetch(`${product.url}/api/report`, { method: 'POST', body: form })).status).toBe(201);
    await waitUntil(async () => (await smsTo(product, admin.phone)).length === 1, 30_000, 'the alert');

    await page.reload();
    const active = page.getByRole('region', { name: 'Active Swarms', exact: true });
    const claimed = page.getByRole('region', { name: 'Claimed Swarms', exact: true });
    const card = active.getByTestId('report-card').first();
    await card.waitFor();
    const claimCode = ((await card.getAttribute('aria-label')) ?? '').replace('Claim Code ', '');
    await card.getByRole('button', { name: `Claim swarm ${claimCode}` }).click();
    await dismissSuccess(page, 'Successfully claimed report!');
    await waitUntil(async () => (await smsTo(product, reporterPhone)).some((body) => body.startsWith('Swarm Alert: Ada of Willamette Beekeepers is on the way')), 15_000, 'the text to the reporter');

    // The Outcome cell: 'Not recorded' until set; saved as soon as it is chosen, and kept.
    const outcome = claimed.getByRole('combobox', { name: `Outcome of swarm ${claimCode}` });
    await outcome.waitFor();
    expect(await outcome.inputValue()).toBe('');
    await outcome.selectOption('Captured');
    await dismissSuccess(page, 'The outcome has been recorded.');
    await page.reload();
    await claimed.getByRole('combobox', { name: `Outcome of swarm ${claimCode}` }).waitFor();
    expect(await claimed.getByRole('combobox', { name: `Outcome of swarm ${claimCode}` }).inputValue()).toBe('Captured');

    // The statistics of the association she administers: a chart and the same numbers in a table.
    const statistics = page.getByRole('region', { name: `Association statistics: ${association.name}` });
    const totals = async (): Promise<Record<string, string>> => {
      await statistics.getByRole('table').first().waitFor();
      const table = statistics.getByRole('table').first();
      const headers = await table.locator('thead th').allTextContents();
      const cells = await table.locator('tfoot tr > *').allTextContents();
      return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
    };
    // The outcome reaches the statistics through its event; a reload asks again.
    await expect
      .poll(async () => {
        const figures = await totals();
        if (figures.Captured !== '1') await page.reload();
        return figures;
      }, { timeout: 20_000 })
      .toMatchObject({ 'Reports alerted': '1', Claimed: '1', Captured: '1', 'Alerts sent': '1', 'Alerts by text message': '1', 'Alerts by email': '0', 'Cost of alerts': '$0.07', 'Texts to reporters': '1' });
    await statistics.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'association-statistics-phone-390x844');
    const problems: string[] = [];
    for (const { name, viewport } of phoneViewports) {
      await page.setViewportSize(viewport);
      problems.push(...(await horizontalOverflow(page)).map((problem) => `${name}: ${problem}`));
      problems.push(...(await seriousFindings(page, `/member with the outcome cell and statistics (${name})`)));
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows no statistics to a member who is not an admin of the association', { timeout: 120_000 }, async () => {
    const context = await browser.newContext(phoneContext(phone.viewport));
    const page = await context.newPage();
    await logInAsNewMember(page, product, member);
    await joinAndBeAvailable(product, member.email, companyId, false);
    await page.reload();
    const associations = page.getByRole('region', { name: 'Associations' });
    await associations.getByText(association.name).first().waitFor();
    await page.getByRole('region', { name: 'Claimed Swarms', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: /^Association statistics/ }).count()).toBe(0);
    await context.close();
  });
});
