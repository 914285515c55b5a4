import { type Browser, type Locator } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, logInAsNewMember, phone, seedAssociation, shot } from './browser-harness.js';

const adminUrlTemplate = 'https://admin.example.org/company/{companyId}';
const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };

/** The text colour the browser renders for an element, as `rgb(r, g, b)`. */
async function colorOf(locator: Locator): Promise<string> {
  const color: string | undefined = await locator.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).color);
  return color ?? '';
}

describe("a member's associations in a browser on a phone, against the embedded product", () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend({ VITE_ASSOCIATION_ADMIN_URL: adminUrlTemplate }) }, loggerFor: () => pino({ level: 'silent' }) });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('joins by activation code, is set inactive by the operator, reactivates from the dialog that opens by itself and leaves', { timeout: 180_000 }, async () => {
    const { companyId, activationCode } = await seedAssociation(product, association);
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await logInAsNewMember(page, product, { email: 'grace@example.org', name: 'Grace Hopper', phone: '5035550111', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' });

    const section = page.getByRole('region', { name: 'Associations' });
    const associations = section.getByRole('list', { name: 'Your associations' });
    await section.getByText('You have not joined an association yet.', { exact: false }).waitFor();

    // Join.
    await section.locator('[data-tour="activation-code"]').fill(activationCode);
    await section.getByRole('button', { name: 'Add association' }).click();
    await dismissSuccess(page, 'Successfully joined association.');
    await expect.poll(() => associations.getByRole('listitem').allTextContents()).toEqual([association.name]);
    expect(await section.locator('[data-tour="activation-code"]').inputValue()).toBe('');
    await associations.scrollIntoViewIfNeeded();
    await shot(page, 'associations-joined-phone');

    // The operator sets the membership inactive, as `deactivate-member` in the operator CLI does.
    const { memberships } = await product.clients.associationBilling.listAssociationMembers({ companyId });
    expect(memberships).toHaveLength(1);
    const memberId = memberships[0]!.memberId;
    await product.clients.associationBilling.deactivateMembership({ companyId, memberId });

    await page.reload();
    const inactiveDialog = page.getByRole('dialog', { name: 'One of your associations is inactive' });
    await inactiveDialog.waitFor();
    expect(await inactiveDialog.textContent()).toContain(association.name);
    const inactiveItem = associations.getByRole('listitem').filter({ hasText: `${association.name} (Inactive)` });
    await inactiveItem.waitFor();
    const inactiveColor = await colorOf(inactiveItem);
    const [red, green, blue] = (inactiveColor.match(/\d+/g) ?? []).map(Number);
    // The theme's danger colour rather than pure red: what matters is that it clearly reads as red.
    expect((red ?? 0) - Math.max(green ?? 0, blue ?? 0), inactiveColor).toBeGreaterThan(80);
    // At the top of the screen the red entry shows above the dialog.
    await inactiveItem.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'associations-inactive-dialog-phone');

    // Reactivate with a code from the association, in the dialog that opened by itself.
    await inactiveDialog.getByRole('textbox', { name: 'Activation code' }).fill(activationCode);
    await inactiveDialog.getByRole('button', { name: 'Reactivate' }).click();
    await dismissSuccess(page, 'Successfully joined association.');
    await inactiveDialog.waitFor({ state: 'detached' });
    await expect.poll(() => associations.getByRole('listitem').allTextContents()).toEqual([association.name]);
    const activeColor = await colorOf(associations.getByRole('listitem'));
    expect(activeColor).not.toBe(inactiveColor);
    await page.reload();
    await expect.poll(() => associations.getByRole('listitem').allTextContents()).toEqual([association.name]);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await associations.scrollIntoViewIfNeeded();
    await shot(page, 'associations-reactivated-phone');

    // An association the member administers links to its admin page (the build names one).
    expect(await associations.getByRole('link').count()).toBe(0);
    await product.clients.associationBilling.makeAdmin({ companyId, memberId });
    await page.reload();
    const adminLink = associations.getByRole('link', { name: association.name });
    await adminLink.waitFor();
    expect(await adminLink.getAttribute('href')).toBe(adminUrlTemplate.replace('{companyId}', encodeURIComponent(companyId)));

    // Leave, after the site's own confirmation dialog (never the browser's box).
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await section.getByRole('button', { name: `Remove ${association.name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${association.name}?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Are you sure you want to remove this association?');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    // The spec gives removal the joining text (sic).
    await dismissSuccess(page, 'Successfully joined association.');
    expect(browserDialogs).toEqual([]);
    await section.getByText('You have not joined an association yet.', { exact: false }).waitFor();
    expect(await associations.count()).toBe(0);
    await section.scrollIntoViewIfNeeded();
    await shot(page, 'associations-removed-phone');

    await page.reload();
    await section.getByText('You have not joined an association yet.', { exact: false }).waitFor();
    expect(await associations.count()).toBe(0);
    const left = await product.clients.associationBilling.listMemberMemberships({ memberId });
    expect(left.memberships).toHaveLength(0);
    await context.close();
  });
});
