import { readFile } from 'node:fs/promises';
import { Code, ConnectError } from '@connectrpc/connect';
import { type Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, logInAsNewMember, loginLinkFor, phone, seedAssociation, shot } from './browser-harness.js';

const member = { email: 'ada@example.org', name: 'Ada Lovelace', phone: '5035550123', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' };

describe("a member's own account in a browser on a phone, against the embedded product", () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('downloads everything kept about the member as a JSON file, then deletes the account after a typed confirmation', { timeout: 180_000 }, async () => {
    const { companyId, activationCode } = await seedAssociation(product, { name: 'Portland Beekeepers', donationUrl: '' });
    const context = await browser.newContext({ ...phone, acceptDownloads: true });
    const page = await context.newPage();
    await logInAsNewMember(page, product, member);
    const associations = page.getByRole('region', { name: 'Associations' });
    await associations.locator('[data-tour="activation-code"]').fill(activationCode);
    await associations.getByRole('button', { name: 'Add association' }).click();
    await dismissSuccess(page, 'Successfully joined association.');

    // A second phone logged in as the same member: deleting the account ends its session too.
    const otherContext = await browser.newContext(phone);
    const otherPage = await otherContext.newPage();
    await page.request.post(`${product.url}/api/oauth/magic-login/member`, { data: { destination: member.email, recaptchaToken: 'dev' } });
    await otherPage.goto(await loginLinkFor(product, member.email));
    await otherPage.waitForURL('**/member**');

    // Download my data.
    const account = page.getByRole('region', { name: 'Your account' });
    await account.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download'), account.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('swarm-alert-my-data.json');
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      member: { memberId: string; email: string; name: string; phoneNumber: string; address: string };
      associations: { companyName: string }[];
      alertChannels: { sms: boolean; devices: unknown[] };
      alertsReceived: unknown[];
      claimedSwarms: unknown[];
    };
    expect(data.member).toMatchObject({ email: member.email, name: member.name, phoneNumber: member.phone, address: member.address });
    expect(data.associations.map(({ companyName }) => companyName)).toEqual(['Portland Beekeepers']);
    expect(data.alertChannels).toMatchObject({ sms: true, devices: [] });
    expect([data.alertsReceived, data.claimedSwarms]).toEqual([[], []]);
    const { memberId } = data.member;
    await shot(page, 'member-account-section-phone');

    // Delete my account: nothing happens until the word is typed.
    await account.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await product.clients.member.getMember({ memberId })).member?.email).toBe(member.email);

    await account.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('textbox', { name: 'Type DELETE to confirm' }).fill('DELETE');
    await shot(page, 'member-account-delete-confirmation-phone');
    await confirm.click();
    await page.getByRole('status').filter({ hasText: 'Your account and your information have been deleted.' }).waitFor();
    await page.waitForURL(`${product.url}/`);

    // Erased in the member service, out of every association (through member.deleted), every session ended.
    const lookup = await product.clients.member.getMember({ memberId }).catch((error: unknown) => error);
    expect(ConnectError.from(lookup).code).toBe(Code.NotFound);
    await expect.poll(async () => (await product.clients.associationBilling.listAssociationMembers({ companyId })).memberships.length, { timeout: 10_000 }).toBe(0);
    expect((await page.request.get(`${product.url}/api/member/information`)).status()).toBe(401);
    expect((await otherPage.request.get(`${product.url}/api/member/information`)).status()).toBe(401);
    await otherPage.goto(`${product.url}/member`);
    await otherPage.waitForURL('**/login**');

    await otherContext.close();
    await context.close();
  });
});
