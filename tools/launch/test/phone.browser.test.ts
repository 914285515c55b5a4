import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from '@swarm/testing';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, loginLinkFor, screenshots, seedAssociation, shot } from './browser-harness.js';
import { axeFindings, horizontalOverflow, isSeriousOrCritical, overlaps, phoneContext, phoneViewports, smallTapTargets, type AxeFinding } from './phone-audit.js';

/**
 * Issue 14: the product on a 390×844 and a 360×740 phone in Debian's Chromium. One embedded product and one browser
 * serve every test; each test opens its own context.
 */

const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };
const member = { email: 'kim@example.org', name: 'Kim Keeper', phone: '5035550188', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' };

/** Every page of spec §2 a visitor can open, with the heading it must focus and the title it must have. */
const publicPages = [
  { path: '/', heading: 'Found a swarm of honeybees?', title: 'Swarm Alert | Report a honeybee swarm' },
  { path: '/identify/check-cluster', heading: 'Are the bees in a swarm (cluster)?' },
  { path: '/identify/size', heading: 'Approximately how large is the swarm?' },
  { path: '/identify/check-above-ground', heading: 'Is the swarm above ground?' },
  { path: '/identify/elevation', heading: 'Approximately how high up is the swarm?' },
  { path: '/report', heading: 'Report a swarm' },
  { path: '/about', heading: 'How it works' },
  { path: '/learn-more', heading: 'Swarm Alert for beekeeping associations' },
  { path: '/getting-started', heading: 'Getting started' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/tos', heading: 'Terms of Service' },
  { path: '/login', heading: 'Member login' },
] as const;

/** Every axe finding of the run, serious or not, written to test-output/ for the record. */
const allFindings: AxeFinding[] = [];

async function audit(page: Page, state: string): Promise<AxeFinding[]> {
  const findings = await axeFindings(page, state);
  allFindings.push(...findings);
  return findings.filter(isSeriousOrCritical);
}

const documentTitle = (page: Page) => page.evaluate<string>('document.title');
const focusedText = (page: Page) => page.evaluate<string>("document.activeElement?.tagName + ' ' + (document.activeElement?.textContent ?? '')");
const borderColor = (page: Page, selector: string) => page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).borderTopColor`);
const danger = 'rgb(179, 38, 30)';

/** A swarm reported through the public form's endpoint, as a passer-by's phone sends it. */
async function reportSwarm(product: EmbeddedProduct, address: string): Promise<string> {
  const form = new FormData();
  const fields = { reporterName: 'Jo Reporter', reporterPhone: '5035550177', size: 'Basketball', elevation: '12', address, internalNote: `Swarm at ${address}`, recaptchaToken: 'dev', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${product.url}/api/report`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`report refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { reportId: string }).reportId;
}

async function smsTo(product: EmbeddedProduct, to: string): Promise<string[]> {
  const { sms } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { sms?: { to: string; body: string }[] };
  return (sms ?? []).filter((message) => message.to === to).map((message) => message.body);
}

/** A funded association with one member living in Portland, OR: reports in Portland are covered, elsewhere not. */
async function seedPortlandBeekeeper(product: EmbeddedProduct): Promise<void> {
  const { member: members, associationBilling } = product.clients;
  const keeper = (await members.ensureMember({ email: 'keeper@example.com' })).member;
  if (!keeper) throw new Error('no member created');
  await members.updateMemberInformation({ memberId: keeper.memberId, name: 'Pat Keeper', phoneNumber: '5035550199', address: 'Portland, OR, USA' });
  const { activationCode } = await seedAssociation(product, association);
  await associationBilling.joinAssociation({ memberId: keeper.memberId, activationCode });
}

describe('phone-first and accessible (issue 14), in Debian Chromium on phones, against the embedded product', () => {
  let product: EmbeddedProduct;
  let browser: Browser;

  beforeAll(async () => {
    // No Google credentials (the embedded default): the site must hide Google login and sign-up.
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: buildFrontend() }, loggerFor: () => pino({ level: 'silent' }) });
    await seedPortlandBeekeeper(product);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    mkdirSync(join(screenshots, '..'), { recursive: true });
    writeFileSync(join(screenshots, '..', 'axe-phone.json'), `${JSON.stringify(allFindings, null, 2)}\n`);
    await browser?.close();
    await product?.close();
  });

  describe.each(phoneViewports)('on a $name phone', ({ name, viewport }) => {
    it('every public page: named in the title, fits the width, 44 px targets, no serious axe finding', { timeout: 180_000 }, async () => {
      const context = await browser.newContext(phoneContext(viewport));
      const page = await context.newPage();
      const serious: AxeFinding[] = [];
      const problems: string[] = [];
      for (const entry of publicPages) {
        await page.goto(`${product.url}${entry.path}`);
        await page.getByRole('heading', { level: 1, name: entry.heading }).waitFor();
        // The configuration (login providers, sender number) has answered and the page has settled.
        await page.waitForLoadState('networkidle');
        expect(await documentTitle(page)).toBe('title' in entry ? entry.title : `${entry.heading} | Swarm Alert`);
        problems.push(...(await horizontalOverflow(page)).map((problem) => `${entry.path}: ${problem}`));
        problems.push(...(await smallTapTargets(page)).map((problem) => `${entry.path}: ${problem}`));
        serious.push(...(await audit(page, `${entry.path} (${name})`)));
      }
      // The wasp dialog of the identification flow.
      await page.goto(`${product.url}/identify/check-cluster`);
      await page.getByRole('button', { name: 'No' }).click();
      await page.getByRole('dialog', { name: 'They might be wasps' }).waitFor();
      serious.push(...(await audit(page, `wasp dialog (${name})`)));
      expect(problems).toEqual([]);
      expect(serious).toEqual([]);
      // The audit itself works under the site's CSP: a planted fault is found.
      await page.evaluate("document.querySelector('main').insertAdjacentHTML('beforeend', '<button></button>')");
      expect((await axeFindings(page, 'planted fault')).map((finding) => finding.rule)).toContain('button-name');
      await context.close();
    });

    it('the named tap targets are at least 44 × 44: landing links, header link, Privacy Policy, photo buttons', { timeout: 60_000 }, async () => {
      const context = await browser.newContext(phoneContext(viewport));
      const page = await context.newPage();
      const size = async (locator: ReturnType<Page['getByRole']>) => {
        const box = await locator.boundingBox();
        return box ? [Math.round(box.width) >= 44, Math.round(box.height) >= 44] : [false, false];
      };
      await page.goto(`${product.url}/`);
      expect(await size(page.getByRole('link', { name: 'How does it work?' }))).toEqual([true, true]);
      expect(await size(page.getByRole('link', { name: 'Member login' }))).toEqual([true, true]);
      expect(await size(page.getByRole('link', { name: 'Privacy Policy' }))).toEqual([true, true]);
      await page.goto(`${product.url}/about`);
      expect(await size(page.getByRole('banner').getByRole('link', { name: 'Swarm Alert' }))).toEqual([true, true]);
      expect(await size(page.getByRole('button', { name: 'Feedback' }))).toEqual([true, true]);
      await page.goto(`${product.url}/report`);
      // A styled button over the file input, and on a phone a second one that asks for the camera.
      const choose = page.getByLabel('Photo of the swarm (optional)');
      expect(await size(choose as ReturnType<Page['getByRole']>)).toEqual([true, true]);
      expect(await choose.getAttribute('capture')).toBeNull();
      const camera = page.getByLabel('Take a photo of the swarm');
      expect(await size(camera as ReturnType<Page['getByRole']>)).toEqual([true, true]);
      expect(await camera.getAttribute('capture')).toBe('environment');
      expect(await page.getByText('Choose a photo').isVisible()).toBe(true);
      expect(await page.getByText('Take a photo', { exact: true }).isVisible()).toBe(true);
      await shot(page, `phone-${name}-report-photo-buttons`);
      await context.close();
    });

    it('the report form: errors (borders clear when fixed), suggestions open, a typed but unpicked address, the 404 warning, success', { timeout: 120_000 }, async () => {
      const context = await browser.newContext(phoneContext(viewport));
      const page = await context.newPage();
      const serious: AxeFinding[] = [];

      await page.goto(`${product.url}/report`);
      await page.getByRole('button', { name: 'Report!' }).click();
      const summary = page.getByRole('alert').filter({ hasText: 'Errors:' });
      await summary.waitFor();
      expect(await borderColor(page, '#reporterName')).toBe(danger);
      serious.push(...(await audit(page, `/report with errors (${name})`)));
      await shot(page, `phone-${name}-report-errors`);
      // A corrected field loses its red border at once.
      await page.getByLabel('Name').fill('Ada Lovelace');
      await expect.poll(() => borderColor(page, '#reporterName')).not.toBe(danger);
      expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();

      // Suggestions open.
      await page.getByRole('combobox', { name: 'Address' }).pressSequentially('12 Oak St, Portl', { delay: 10 });
      await page.getByRole('option', { name: '12 Oak St, Portland, OR, USA' }).waitFor();
      expect(await horizontalOverflow(page)).toEqual([]);
      serious.push(...(await audit(page, `/report with suggestions open (${name})`)));

      // Typed, not picked: only the dropdown message, not "All fields must be filled out".
      await page.getByLabel('Phone').fill('5035550123');
      await page.getByLabel('Size').selectOption('Basketball');
      await page.getByLabel(/Elevation/).fill('8');
      await page.getByRole('combobox', { name: 'Address' }).press('Escape');
      await page.getByRole('button', { name: 'Report!' }).click();
      await expect
        .poll(() => summary.getByRole('listitem').allTextContents())
        .toEqual(['Please select an address from the dropdown list. (It may take a few seconds to load after you start typing.)']);

      // An address nobody covers: a Warning, coloured as one, with a close button.
      await page.getByRole('combobox', { name: 'Address' }).fill('');
      await page.getByRole('combobox', { name: 'Address' }).pressSequentially('3 Pine Ave, Boise', { delay: 10 });
      await page.getByRole('option', { name: '3 Pine Ave, Boise, ID, USA' }).click();
      await page.getByRole('button', { name: 'Report!' }).click();
      const warning = page.getByRole('alert').filter({ hasText: "We couldn't find any available beekeepers using our service in your area." });
      await warning.waitFor();
      expect(await warning.locator('p').first().textContent()).toBe('Warning');
      const toastCard = page.locator('[data-kind="warning"]');
      expect(await toastCard.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).backgroundColor)).toBe('rgb(255, 241, 199)');
      expect(await toastCard.getByRole('button', { name: 'Dismiss notification' }).isVisible()).toBe(true);
      expect(await overlaps(page, 'main h1', '[data-kind="warning"]')).toBe(false);
      serious.push(...(await audit(page, `/report with the no-beekeepers warning (${name})`)));
      await shot(page, `phone-${name}-report-warning`);
      await toastCard.getByRole('button', { name: 'Dismiss notification' }).click();

      // Success: the toast does not cover "Thank you for your report", and focus is on it.
      await page.getByRole('combobox', { name: 'Address' }).fill('');
      await page.getByRole('combobox', { name: 'Address' }).pressSequentially(`${10 + viewport.width} Elm St, Portl`, { delay: 10 });
      await page.getByRole('option', { name: `${10 + viewport.width} Elm St, Portland, OR, USA` }).click();
      await page.getByRole('button', { name: 'Report!' }).click();
      await page.waitForURL(/\/success\//);
      await page.getByText('Swarm has been reported').waitFor();
      expect(await overlaps(page, 'main h1', '[data-kind="success"]')).toBe(false);
      await expect.poll(() => focusedText(page)).toBe('H1 Thank you for your report');
      await page.getByRole('link', { name: association.name }).waitFor();
      expect(await smallTapTargets(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toEqual([]);
      serious.push(...(await audit(page, `/success (${name})`)));
      await shot(page, `phone-${name}-report-success`);
      expect(serious).toEqual([]);
      await context.close();
    });

    it('toasts: one of each message, a close button, gone after a while, never over the heading', { timeout: 60_000 }, async () => {
      const context = await browser.newContext(phoneContext(viewport));
      const page = await context.newPage();
      await page.clock.install();
      await page.goto(`${product.url}/login`);
      await page.getByRole('textbox', { name: 'Email' }).press('Enter');
      await page.getByRole('textbox', { name: 'Email' }).press('Enter');
      const toast = page.getByRole('alert').filter({ hasText: 'Please enter an email' });
      await toast.waitFor();
      expect(await toast.count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' }).count()).toBe(1);
      expect(await overlaps(page, 'main h1', '[data-kind="warning"]')).toBe(false);
      await page.clock.fastForward(11_000);
      await toast.waitFor({ state: 'detached' });
      await context.close();
    });

    it('the feedback dialog: axe, the email checked in the form, the gateway field message under the field', { timeout: 60_000 }, async () => {
      const context = await browser.newContext(phoneContext(viewport));
      const page = await context.newPage();
      await page.goto(`${product.url}/about`);
      await page.getByRole('button', { name: 'Feedback' }).click();
      const dialog = page.getByRole('dialog', { name: 'Feedback' });
      await dialog.getByLabel('Message').fill('The map was hard to read.');
      const serious = await audit(page, `feedback dialog (${name})`);
      const email = dialog.getByRole('textbox', { name: 'Email (optional)' });
      await email.fill('kim@example');
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/api/feedback')) posts.push(request.url());
      });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Please enter a valid email address, or leave it empty.').waitFor();
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(posts).toEqual([]);
      // An address only the gateway can tell is wrong: its own words, under the field.
      await email.fill('kim@example.c');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByText('Email is invalid').waitFor();
      expect(await dialog.getByText('There was a problem submitting feedback, please wait and try again.').count()).toBe(0);
      await shot(page, `phone-${name}-feedback-email`);
      await email.fill('kim@example.org');
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Thank you for your feedback!').waitFor();
      expect(serious).toEqual([]);
      await context.close();
    });
  });

  it('moves focus to the new page heading, and sends an unknown address to / replacing it in the history', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(phoneContext(phoneViewports[0].viewport));
    const page = await context.newPage();
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: 'How does it work?' }).click();
    await page.getByRole('heading', { level: 1, name: 'How it works' }).waitFor();
    await expect.poll(() => focusedText(page)).toBe('H1 How it works');
    expect(await documentTitle(page)).toBe('How it works | Swarm Alert');

    const before = await page.evaluate<number>('history.length');
    await page.goto(`${product.url}/no/such/page`);
    await page.waitForURL(`${product.url}/`);
    expect(await page.evaluate<number>('history.length')).toBe(before + 1);
    // The landing page without the header bar: "Swarm Alert" once, not twice. The URL changes before the landing page
    // has replaced the one that sent it there, so both counts are awaited.
    await expect.poll(() => page.getByRole('banner').count()).toBe(0);
    await expect.poll(() => page.getByText('Swarm Alert', { exact: true }).count()).toBe(1);
    await page.goBack();
    await page.waitForURL('**/about');
    await context.close();
  });

  it('without Google credentials: no Google button, a disabled Sign Up Today, and the OAuth paths land on pages with a message', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(phoneContext(phoneViewports[0].viewport));
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await page.getByText('Login with Google is not available on this site. Enter your email address to get a login link.').waitFor();
    expect(await page.getByRole('link', { name: 'Login With Google' }).count()).toBe(0);

    await page.goto(`${product.url}/learn-more`);
    await page.getByText('Sign-up with a Google account is not available on this site right now.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up Today' }).isDisabled()).toBe(true);

    const login = await page.goto(`${product.url}/api/oauth/google/member`);
    expect(login?.headers()['content-type']).toContain('text/html');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('alert').filter({ hasText: 'Login with Google is not available on this site. Log in with an emailed link instead.' }).waitFor();
    await shot(page, 'phone-390x844-login-google-unavailable');

    const signUp = await page.goto(`${product.url}/api/oauth/google/admin`);
    expect(signUp?.headers()['content-type']).toContain('text/html');
    expect(new URL(page.url()).pathname).toBe('/learn-more');
    await page.getByRole('alert').filter({ hasText: 'Association sign-up is not available on this site right now.' }).waitFor();
    await context.close();
  });

  it('a malformed answer shows a handled error, never the fallback panel; the FAQ without a sender number points to the first alert', { timeout: 60_000 }, async () => {
    const context = await browser.newContext(phoneContext(phoneViewports[1].viewport));
    const page = await context.newPage();
    await page.route('**/api/report/*/associations', (route) => route.fulfill({ json: { data: [{ name: { first: 'Portland' } }] } }));
    await page.goto(`${product.url}/success/${randomUUID()}`);
    await page.getByText("We couldn't load the list of associations alerted, but your report was received.").waitFor();
    expect(await page.getByText('Something went wrong:').count()).toBe(0);
    expect(await page.getByText(/is not a function|Minified React error/).count()).toBe(0);

    await page.goto(`${product.url}/faq?section=alert-number`);
    await page.getByText('The number alerts are texted from is not listed on this site: it is shown in your first alert.').waitFor();
    await context.close();
  });

  describe('the member area', () => {
    let context: BrowserContext;
    let page: Page;
    const serious: AxeFinding[] = [];
    let tualatinId = '';

    beforeAll(async () => {
      // The first login happens on a phone set to Chicago time: that zone is stored.
      context = await browser.newContext({ ...phoneContext(phoneViewports[0].viewport), timezoneId: 'America/Chicago' });
      page = await context.newPage();
    });

    afterAll(async () => {
      await context?.close();
    });

    it('first login: the tour holds every toast and passes axe at each step', { timeout: 120_000 }, async () => {
      await page.goto(`${product.url}/login`);
      serious.push(...(await audit(page, '/login (390x844)')));
      await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
      await page.getByRole('textbox', { name: 'Email' }).press('Enter');
      await page.getByText('Success! Check for your email for a link to login.').waitFor();
      await page.goto(await loginLinkFor(product, member.email));
      await page.waitForURL('**/member**');
      const required = page.getByRole('dialog', { name: 'Required Information' });
      await required.waitFor();
      serious.push(...(await audit(page, '/member Required Information (390x844)')));
      await required.getByRole('textbox', { name: 'Full Name' }).fill(member.name);
      await required.getByRole('textbox', { name: 'Phone' }).fill(member.phone);
      await required.getByRole('combobox', { name: 'Address' }).pressSequentially(member.addressTyped);
      await required.getByRole('option', { name: member.address }).click();
      await required.getByRole('button', { name: 'Update' }).click();
      await required.waitFor({ state: 'detached' });

      for (let step = 1; step <= 7; step++) {
        const dialog = page.getByRole('dialog').filter({ hasText: `${step} of 7` });
        await dialog.waitFor();
        // No toast over the highlighted target (or anywhere) while the tour is open.
        expect(await page.getByRole('region', { name: 'Notifications' }).locator('[data-kind]').count()).toBe(0);
        if (step === 1 || step === 6) serious.push(...(await audit(page, `tour step ${step} (390x844)`)));
        if (step === 1) await shot(page, 'phone-390x844-tour-first-step');
        await dialog.getByRole('button', { name: step === 7 ? 'Finish' : 'Next' }).click();
      }
      await page.getByText('Your onboarding information has been updated.').waitFor();
      await page.getByText('Your information hase been updated.').waitFor();
    });

    it('lists reports as cards on both phones: every field and the action in view, no sideways scrolling', { timeout: 180_000 }, async () => {
      const associations = page.getByRole('region', { name: 'Associations' });
      const { activationCode, companyId } = await seedAssociation(product, { name: 'Tualatin Beekeepers', donationUrl: 'https://tualatin.example/give' });
      tualatinId = companyId;
      await associations.locator('[data-tour="activation-code"]').fill(activationCode);
      await associations.getByRole('button', { name: 'Add association' }).click();
      await dismissSuccess(page, 'Successfully joined association.');

      // The Do Not Disturb switch is a 44 px target.
      const dnd = await page.getByRole('switch', { name: 'Do Not Disturb' }).boundingBox();
      expect([Math.round(dnd?.width ?? 0) >= 44, Math.round(dnd?.height ?? 0) >= 44]).toEqual([true, true]);

      // Available all day for swarms up to 50 ft, then two swarms nearby: both alerted at once.
      const memberId = (await product.clients.member.ensureMember({ email: member.email })).member?.memberId;
      if (!memberId) throw new Error('the member was not found');
      await product.clients.member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
      await reportSwarm(product, '40 Elm St, Portland, OR, USA');
      await reportSwarm(product, '41 Elm St, Portland, OR, USA');
      await waitUntil(async () => (await smsTo(product, member.phone)).filter((body) => body.startsWith('Swarm Alert:')).length === 2, 30_000, 'two alert SMS');

      await page.reload();
      const active = page.getByRole('region', { name: 'Active Swarms', exact: true });
      const claimed = page.getByRole('region', { name: 'Claimed Swarms', exact: true });
      await expect.poll(() => active.getByTestId('report-card').count()).toBe(2);
      expect(await active.getByRole('table').count()).toBe(0);
      const firstCard = active.getByTestId('report-card').first();
      const claimCode = ((await firstCard.getAttribute('aria-label')) ?? '').replace('Claim Code ', '');
      await firstCard.getByRole('button', { name: `Claim swarm ${claimCode}` }).click();
      await dismissSuccess(page, 'Successfully claimed report!');
      await expect.poll(() => claimed.getByTestId('report-card').count()).toBe(1);
      await expect.poll(() => active.getByTestId('report-card').count()).toBe(1);

      for (const { name, viewport } of phoneViewports) {
        await page.setViewportSize(viewport);
        expect(await horizontalOverflow(page)).toEqual([]);
        for (const section of [active, claimed]) {
          const card = section.getByTestId('report-card').first();
          const terms = await card.locator('dt').allTextContents();
          expect(terms).toEqual(section === active ? ['Date', 'Claim Code', 'Note', 'Size', 'Elevation', 'Distance'] : ['Date', 'Claim Code', 'Note', 'Size', 'Elevation', 'Association', 'Outcome']);
          const button = card.getByRole('button').first();
          const box = await button.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
          const scroller = section.getByTestId('report-cards-scroll');
          expect(await scroller.evaluate((element) => element.ownerDocument.defaultView?.getComputedStyle(element).maxHeight)).toBe('420px');
        }
        expect(await smallTapTargets(page)).toEqual([]);
        serious.push(...(await audit(page, `/member with a card in each list (${name})`)));
        await active.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await shot(page, `member-cards-active-phone-${name}`);
        await claimed.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        await shot(page, `member-cards-claimed-phone-${name}`);
      }
      await page.setViewportSize(phoneViewports[0].viewport);

      // The claimed card's dialogs.
      const claimedCard = claimed.getByTestId('report-card').first();
      await claimedCard.getByRole('button', { name: /^Un-claim swarm/ }).click();
      const unclaim = page.getByRole('alertdialog', { name: /^Un-claim swarm/ });
      await unclaim.waitFor();
      serious.push(...(await audit(page, 'un-claim dialog (390x844)')));
      await unclaim.getByRole('button', { name: 'Cancel' }).click();
      await claimedCard.getByRole('button', { name: /^Mark as bad swarm/ }).click();
      const markBad = page.getByRole('alertdialog', { name: /^Mark swarm .* as bad$/ });
      await markBad.waitFor();
      serious.push(...(await audit(page, 'mark-as-bad dialog (390x844)')));
      await page.keyboard.press('Escape');
      await markBad.waitFor({ state: 'detached' });
    });

    it("removing an association asks in the site's dialog; the inactive-association dialog; both pass axe", { timeout: 60_000 }, async () => {
      const section = page.getByRole('region', { name: 'Associations' });
      const confirmations: string[] = [];
      page.on('dialog', (dialog) => {
        confirmations.push(dialog.message());
        void dialog.dismiss();
      });
      await section.getByRole('button', { name: 'Remove Tualatin Beekeepers' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove Tualatin Beekeepers?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('Are you sure you want to remove this association?');
      serious.push(...(await audit(page, 'remove association dialog (390x844)')));
      await shot(page, 'phone-390x844-remove-association-dialog');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(confirmations).toEqual([]);

      const memberId = (await product.clients.member.ensureMember({ email: member.email })).member?.memberId ?? '';
      await product.clients.associationBilling.deactivateMembership({ companyId: tualatinId, memberId });
      await page.reload();
      const inactive = page.getByRole('dialog', { name: 'One of your associations is inactive' });
      await inactive.waitFor();
      serious.push(...(await audit(page, 'inactive association dialog (390x844)')));
      await shot(page, 'phone-390x844-inactive-association-dialog');
      await inactive.getByRole('button', { name: 'Not now' }).click();
    });

    it('a malformed report list shows a handled error in its section only', { timeout: 60_000 }, async () => {
      await page.route('**/api/member/report/active', (route) => route.fulfill({ json: { data: 'not a list' } }));
      await page.reload();
      await page.getByRole('region', { name: 'Active Swarms', exact: true }).getByText('We could not load your active swarms.').waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'Claimed Swarms', exact: true }).getByTestId('report-card').count()).toBe(1);
      expect(await page.getByText('Something went wrong:').count()).toBe(0);
      await page.unroute('**/api/member/report/active');
    });

    it('a later visit from a phone in Los Angeles offers to read the hours there, in one tap', { timeout: 60_000 }, async () => {
      const laContext = await browser.newContext({ ...phoneContext(phoneViewports[1].viewport), timezoneId: 'America/Los_Angeles', storageState: await context.storageState() });
      const laPage = await laContext.newPage();
      await laPage.goto(`${product.url}/member`);
      // Tualatin Beekeepers still has the member inactive: its dialog opens first.
      await laPage.getByRole('dialog', { name: 'One of your associations is inactive' }).getByRole('button', { name: 'Not now' }).click();
      const prompt = laPage.getByRole('region', { name: 'Check your time zone' });
      await prompt.waitFor();
      expect(await prompt.textContent()).toContain('Your availability hours are read in America/Chicago time, but this phone is set to America/Los Angeles.');
      serious.push(...(await audit(laPage, '/member with the time-zone prompt (360x740)')));
      await shot(laPage, 'phone-360x740-time-zone-prompt');
      await prompt.getByRole('button', { name: 'Use America/Los Angeles' }).click();
      await prompt.waitFor({ state: 'detached' });
      await laPage.getByText('Hours are read in America/Los Angeles time.').waitFor();
      await laPage.reload();
      await laPage.getByText('Hours are read in America/Los Angeles time.').waitFor();
      expect(await prompt.count()).toBe(0);
      await laContext.close();
    });

    it('has no serious or critical axe finding in any member state', () => {
      expect(serious).toEqual([]);
    });
  });
});
