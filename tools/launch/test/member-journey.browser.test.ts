import { type Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, launchChromium, loginLinkFor, shot } from './browser-harness.js';

describe("a member's first visit in a browser on a phone", () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('logs in by emailed link, completes the required information, walks the tour and keeps availability changes', { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const address = 'ada@example.org';

    await page.goto(`${product.url}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(address);
    await page.getByRole('textbox', { name: 'Email' }).press('Enter');
    await page.getByText('Success! Check for your email for a link to login.').waitFor();
    await shot(page, 'member-login-link-sent-phone');

    await page.goto(await loginLinkFor(product, address));
    await page.waitForURL('**/member**');

    const required = page.getByRole('dialog', { name: 'Required Information' });
    await required.waitFor();
    await shot(page, 'member-required-information-phone');
    await required.getByRole('textbox', { name: 'Full Name' }).fill('Ada Lovelace');
    await required.getByRole('textbox', { name: 'Phone' }).fill('5035550100');
    await required.getByRole('combobox', { name: 'Address' }).pressSequentially('12 Oak St, Portland');
    await required.getByRole('option', { name: '12 Oak St, Portland, OR, USA' }).click();
    await required.getByRole('button', { name: 'Update' }).click();
    await required.waitFor({ state: 'detached' });

    const titles = ['Welcome to your profile', 'Add associations', 'Activation code', 'Add association button', 'Availability', 'Active swarms', 'Claimed swarms'];
    for (const [index, title] of titles.entries()) {
      const step = page.getByRole('dialog', { name: title });
      await step.waitFor();
      expect(await step.textContent()).toContain(`${index + 1} of 7`);
      if (index === 0) {
        await shot(page, 'member-tour-first-step-phone');
        // Keyboard use: each step's heading has focus, so one Tab reaches Next.
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        continue;
      }
      await step.getByRole('button', { name: index === titles.length - 1 ? 'Finish' : 'Next' }).click();
    }
    await page.getByText('Your onboarding information has been updated.').waitFor();
    // The information's toast waited for the tour to end (no toast covers a highlighted target).
    await page.getByText('Your information hase been updated.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const availability = page.getByRole('region', { name: 'Availability' });
    const savedAvailability = () =>
      page.waitForResponse((response) => response.url().endsWith('/api/member/availability') && response.request().method() === 'PUT' && response.ok());
    let saved = savedAvailability();
    await availability.getByRole('spinbutton', { name: 'Report Address Range (miles)' }).fill('12');
    await saved;
    saved = savedAvailability();
    await availability.getByRole('combobox', { name: 'Monday From' }).selectOption({ label: '8:00 AM' });
    await saved;
    await page.getByText('Your availability has been updated.').waitFor();
    await page.getByText('Loading...').waitFor({ state: 'detached' });
    await shot(page, 'member-availability-phone');

    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Availability' });
    await expect.poll(() => reloaded.getByRole('spinbutton', { name: 'Report Address Range (miles)' }).inputValue()).toBe('12');
    expect(await reloaded.getByRole('combobox', { name: 'Monday From' }).inputValue()).toBe('8');
    expect(await page.getByRole('textbox', { name: 'Full Name' }).inputValue()).toBe('Ada Lovelace');
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${product.url}/`);
    // The session is gone: the member area now sends the visitor to the login page (spec §6).
    await page.goto(`${product.url}/member`);
    await page.waitForURL('**/login');
    await context.close();
  });
});
