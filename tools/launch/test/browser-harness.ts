import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBinary } from '@swarm/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { EmbeddedProduct } from '../src/embedded.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Screenshots of the main screens; the folder is git-ignored. */
export const screenshots = join(root, 'test-output', 'screenshots');

export const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: false });

/**
 * Builds the real SPA into a scratch folder, so a test never depends on (or overwrites) frontend/dist. `env` holds
 * build-time settings (VITE_*) as a deployment would set them.
 */
export function buildFrontend(env: Record<string, string> = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), 'swarm-spa-build-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, 'frontend'),
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (build.status !== 0) throw new Error(`frontend build failed:\n${build.stdout}\n${build.stderr}`);
  return outDir;
}

/**
 * Debian's Chromium, headless. Without the background-networking flags it keeps trying to reach Google's hosts,
 * which this machine's closed network refuses.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = ensureBinary('chromium', 'chromium');
  mkdirSync(screenshots, { recursive: true });
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The login link of the newest email to `address` in the dev outbox, read the way an operator's tool would. */
export async function loginLinkFor(product: EmbeddedProduct, address: string): Promise<string> {
  const response = await fetch(`${product.url}/api/dev/outbox`);
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const email = messages.find((message) => message.to === address);
  const link = email?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no login link for ${address} in the dev outbox`);
  return link;
}

/** A phone in portrait, as reporters and beekeepers hold it. */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** An association as the operator CLI sets one up: created, funded with $20, with an activation code to hand out. */
export async function seedAssociation(product: EmbeddedProduct, association: { name: string; donationUrl: string }): Promise<{ companyId: string; activationCode: string }> {
  const billing = product.clients.associationBilling;
  const company = (await billing.createAssociation({ companyName: association.name, donationUrl: association.donationUrl })).association;
  if (!company) throw new Error('no association created');
  await billing.topUp({ companyId: company.companyId, amountCents: 2_000 });
  const { activationCode } = await billing.issueActivationCode({ companyId: company.companyId });
  return { companyId: company.companyId, activationCode };
}

/** Waits for a success toast with the text, then dismisses it (a click does), so the next one is a fresh toast. */
export async function dismissSuccess(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: text });
  await toast.waitFor();
  // A success toast also leaves by itself after 5 s, which on a busy machine may happen before the click lands.
  await toast.click({ timeout: 2_000 }).catch(() => undefined);
  await toast.waitFor({ state: 'detached' });
}

export type NewMember = { email: string; name: string; phone: string; /** typed into the field */ addressTyped: string; /** the suggestion picked */ address: string };

/** Logs in by emailed link, fills the Required Information modal and finishes the onboarding tour. */
export async function logInAsNewMember(page: Page, product: EmbeddedProduct, member: NewMember): Promise<void> {
  await page.goto(`${product.url}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await page.getByRole('textbox', { name: 'Email' }).press('Enter');
  await page.getByText('Success! Check for your email for a link to login.').waitFor();
  await page.goto(await loginLinkFor(product, member.email));
  await page.waitForURL('**/member**');

  const required = page.getByRole('dialog', { name: 'Required Information' });
  await required.waitFor();
  await required.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
  await required.getByRole('textbox', { name: 'Phone' }).fill(member.phone);
  await required.getByRole('combobox', { name: 'Address' }).pressSequentially(member.addressTyped);
  await required.getByRole('option', { name: member.address }).click();
  await required.getByRole('button', { name: 'Update' }).click();
  // Its toast ('Your information hase been updated.') waits until the tour that opens now is over.
  await required.waitFor({ state: 'detached' });

  for (let step = 1; step <= 7; step++) {
    const dialog = page.getByRole('dialog').filter({ hasText: `${step} of 7` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: step === 7 ? 'Finish' : 'Next' }).click();
  }
  await page.getByText('Your onboarding information has been updated.').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}
