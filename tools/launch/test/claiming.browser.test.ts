import { randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, logInAsNewMember, phone, seedAssociation, shot } from './browser-harness.js';

const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };
const member = { email: 'grace@example.org', name: 'Grace Hopper', phone: '5035550111', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' };
const swarm = { address: '40 Elm St, Portland, OR, USA', reporterName: 'Jo Reporter', reporterPhone: '5035550177', note: 'On the low branch of the apple tree' };

/** The SMS to a number in the dev outbox, newest first, read as an operator's tool would. */
async function smsTo(product: EmbeddedProduct, to: string): Promise<string[]> {
  const response = await fetch(`${product.url}/api/dev/outbox`);
  const { sms } = (await response.json()) as { sms?: { to: string; body: string }[] };
  return (sms ?? []).filter((message) => message.to === to).map((message) => message.body);
}

/** A swarm reported through the public form's endpoint, with a photo, as a passer-by's phone sends it. */
async function reportSwarm(product: EmbeddedProduct): Promise<string> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e0b030' } }).jpeg().toBuffer();
  const form = new FormData();
  const fields = {
    reporterName: swarm.reporterName,
    reporterPhone: swarm.reporterPhone,
    size: 'Basketball',
    elevation: '12',
    address: swarm.address,
    internalNote: swarm.note,
    recaptchaToken: 'dev-token',
    idempotencyId: randomUUID(),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new File([photo], 'swarm.jpg', { type: 'image/jpeg' }));
  const response = await fetch(`${product.url}/api/report`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`report refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { reportId: string }).reportId;
}

/** The fields of a report card by name, as the member reads them on a phone (spec §2's columns, one per line). */
async function cardFields(card: Locator): Promise<Record<string, string>> {
  const terms = await card.locator('dt').allTextContents();
  const values = await card.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, (values[index] ?? '').trim()]));
}

/** A screenshot of a report list on the phone, its section at the top of the screen. */
async function shootList(page: Page, section: Locator, name: string): Promise<void> {
  await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await shot(page, name);
}

/** What the test reads of an <img> (this package is typed without the DOM library). */
type LoadedImage = { complete: boolean; naturalWidth: number };

/** Whether the row's thumbnail image actually loaded (the image route served it to this member). */
async function thumbnailLoaded(row: Locator): Promise<boolean> {
  const image = row.locator('img');
  await image.scrollIntoViewIfNeeded();
  return image.evaluate((element) => {
    const loaded = element as unknown as LoadedImage;
    return loaded.complete && loaded.naturalWidth > 0;
  });
}

describe('claiming a swarm in the member area, in a browser on a phone, against the embedded product', () => {
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

  it('is alerted, claims, sees it claimed, un-claims, claims again and marks it bad', { timeout: 180_000 }, async () => {
    const { companyId, activationCode } = await seedAssociation(product, association);
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await logInAsNewMember(page, product, member);

    // Join the association with its activation code.
    const associations = page.getByRole('region', { name: 'Associations' });
    await associations.locator('[data-tour="activation-code"]').fill(activationCode);
    await associations.getByRole('button', { name: 'Add association' }).click();
    await dismissSuccess(page, 'Successfully joined association.');
    await associations.getByRole('list', { name: 'Your associations' }).getByRole('listitem').filter({ hasText: association.name }).waitFor();

    // Available at every hour and for swarms up to 50 ft, so the alert goes out at once (no recent claims).
    const { memberships } = await product.clients.associationBilling.listAssociationMembers({ companyId });
    expect(memberships).toHaveLength(1);
    const memberId = memberships[0]!.memberId;
    await product.clients.member.updateAvailability({
      memberId,
      elevationMaximumFeet: 50,
      dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })),
    });

    const active = page.getByRole('region', { name: 'Active Swarms', exact: true });
    const claimed = page.getByRole('region', { name: 'Claimed Swarms', exact: true });
    await active.getByText('No active swarms found.').waitFor();
    await claimed.getByText('No claimed reports found.').waitFor();

    // A passer-by reports a swarm a few streets away; the alert SMS carries the claim code.
    await reportSwarm(product);
    await waitUntil(async () => (await smsTo(product, member.phone)).some((body) => body.startsWith('Swarm Alert:')), 30_000, 'the alert SMS');
    const alert = (await smsTo(product, member.phone)).find((body) => body.startsWith('Swarm Alert:')) ?? '';
    expect(alert).toMatch(/^Swarm Alert: Basketball swarm, 12 ft up, [\d.]+ mi from home\. To claim it, reply with the code \d{5}$/);
    const claimCode = /(\d{5})$/.exec(alert)?.[1] ?? '';

    // Active Swarms lists it as a card (a phone), with its code, distance, thumbnail and Claim button.
    await page.reload();
    const activeRow = active.getByRole('listitem', { name: `Claim Code ${claimCode}` });
    await activeRow.waitFor();
    expect(await active.getByTestId('report-card').count()).toBe(1);
    const activeCells = await cardFields(activeRow);
    expect(activeCells).toMatchObject({ 'Claim Code': claimCode, Note: swarm.note, Size: 'Basketball', Elevation: '12 ft' });
    expect(activeCells.Distance).toMatch(/^\d+\.\d{2} mi$/);
    expect(activeCells.Date).not.toBe('');
    expect(await activeRow.getByRole('button', { name: `Claim swarm ${claimCode}` }).isVisible()).toBe(true);
    await expect.poll(() => thumbnailLoaded(activeRow)).toBe(true);
    await shootList(page, active, 'member-swarms-active-phone');

    // The thumbnail opens the full image.
    await activeRow.getByRole('button', { name: `Show the full image of swarm ${claimCode}` }).click();
    const imageDialog = page.getByRole('dialog', { name: `Swarm ${claimCode}` });
    const fullImage = imageDialog.getByRole('img', { name: `The swarm reported with claim code ${claimCode}` });
    await fullImage.waitFor();
    await expect.poll(() => fullImage.evaluate((element) => (element as unknown as LoadedImage).naturalWidth)).toBeGreaterThan(56);
    await page.keyboard.press('Escape');
    await imageDialog.waitFor({ state: 'detached' });

    // Claim: the toast, then the report moves to Claimed Swarms with the association, and the location SMS arrives.
    await activeRow.getByRole('button', { name: `Claim swarm ${claimCode}` }).click();
    await dismissSuccess(page, 'Successfully claimed report!');
    await active.getByText('No active swarms found.').waitFor();
    const claimedRow = claimed.getByRole('listitem', { name: `Claim Code ${claimCode}` });
    await claimedRow.waitFor();
    const claimedCells = await cardFields(claimedRow);
    expect(claimedCells).toMatchObject({ 'Claim Code': claimCode, Note: swarm.note, Size: 'Basketball', Elevation: '12 ft', Association: association.name });
    // The actions come first on the card, as the Actions column does in the table.
    expect(await claimedRow.locator(':scope > :first-child').getByRole('button').allTextContents()).toEqual(['Un-claim', 'Mark as bad']);
    await expect.poll(() => thumbnailLoaded(claimedRow)).toBe(true);
    await shootList(page, claimed, 'member-swarms-claimed-phone');

    const locationTexts = async () => (await smsTo(product, member.phone)).filter((body) => body.startsWith(`Swarm ${claimCode} is yours.`));
    await waitUntil(async () => (await locationTexts()).length === 1, 10_000, 'the location SMS');
    const [location = ''] = await locationTexts();
    expect(location).toContain(`Address: ${swarm.address}`);
    expect(location).toContain(`Reporter: ${swarm.reporterName} 503-555-0177`);

    // Un-claim, after the confirm dialog; it is back under Active Swarms.
    await claimedRow.getByRole('button', { name: `Un-claim swarm ${claimCode}` }).click();
    const unclaimDialog = page.getByRole('alertdialog', { name: `Un-claim swarm ${claimCode}?` });
    await unclaimDialog.waitFor();
    expect(await unclaimDialog.textContent()).toContain('Once un-claimed, this swarm becomes available to other members');
    await shot(page, 'member-swarms-unclaim-dialog-phone');
    await unclaimDialog.getByRole('button', { name: 'Un-claim', exact: true }).click();
    await dismissSuccess(page, 'Report has been unclaimed');
    await unclaimDialog.waitFor({ state: 'detached' });
    await claimed.getByText('No claimed reports found.').waitFor();
    await activeRow.waitFor();
    expect(await active.getByTestId('report-card').count()).toBe(1);

    // Claim again, then mark it bad with a reason: it leaves both lists.
    await activeRow.getByRole('button', { name: `Claim swarm ${claimCode}` }).click();
    await dismissSuccess(page, 'Successfully claimed report!');
    await claimedRow.waitFor();
    await claimedRow.getByRole('button', { name: `Mark as bad swarm ${claimCode}` }).click();
    const badDialog = page.getByRole('alertdialog', { name: `Mark swarm ${claimCode} as bad` });
    await badDialog.waitFor();
    // No reason, no request: the dialog asks for one.
    await badDialog.getByRole('button', { name: 'Mark as bad', exact: true }).click();
    await badDialog.getByRole('alert').filter({ hasText: 'Please choose a reason.' }).waitFor();
    await badDialog.getByRole('radio', { name: 'Swarm moved on' }).check();
    await shot(page, 'member-swarms-mark-bad-dialog-phone');
    await badDialog.getByRole('button', { name: 'Mark as bad', exact: true }).click();
    await dismissSuccess(page, 'Report has been marked as bad');
    await badDialog.waitFor({ state: 'detached' });
    await active.getByText('No active swarms found.').waitFor();
    await claimed.getByText('No claimed reports found.').waitFor();
    await active.scrollIntoViewIfNeeded();
    await shot(page, 'member-swarms-empty-phone');

    // The lists stay empty after a reload.
    await page.reload();
    await active.getByText('No active swarms found.').waitFor();
    await claimed.getByText('No claimed reports found.').waitFor();
    await context.close();
  });
});
