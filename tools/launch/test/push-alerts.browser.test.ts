import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { LocalPushService, waitUntil, type BrowserPushSubscription } from '@swarm/testing';
import { type Browser, type BrowserContext, type CDPSession, type Page, type Worker } from 'playwright-core';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { buildFrontend, dismissSuccess, launchChromium, logInAsNewMember, phone, seedAssociation, shot } from './browser-harness.js';
import { axeFindings, isSeriousOrCritical } from './phone-audit.js';

/**
 * A swarm alert as a notification on a phone, end to end, in Debian's Chromium against the embedded product: the member
 * turns on notifications in "How to alert me", a report at their place is alerted as a push message, the service
 * worker shows it with Claim and Not now, Claim claims from the notification (no page, no session) and the answer
 * replaces it; the claim page shows where the swarm stands without claiming.
 *
 * Headless Chromium reaches no real push service, so two things stand in for it:
 * - `pushManager.subscribe()` is replaced (an init script) by one answering a subscription of the test's own RFC 8030
 *   push service (`LocalPushService`): real P-256 keys and auth secret, an https endpoint on 127.0.0.1, which the
 *   member service admits only with PUSH_ALLOW_LOOPBACK_ENDPOINTS=true.
 * - The product keeps its notifications in the dev outbox (PUSH_SENDER=dev-outbox); the test rebuilds the push message
 *   the notification service sends from the outbox's entry and delivers it to the service worker with the DevTools
 *   protocol (ServiceWorker.deliverPushMessage), so the worker's real `push` listener runs.
 *
 * Chromium cannot click a system notification, so the Claim action is dispatched in the service worker's own global
 * scope (Runtime.evaluate through the attachment to the service_worker target): a `notificationclick` NotificationEvent
 * carrying the notification the worker showed and `action: 'claim'`, which the worker's real listener answers.
 */

const association = { name: 'Portland Beekeepers', donationUrl: 'https://portlandbees.example/donate' };
const member = { email: 'push-keeper@example.org', name: 'Grace Hopper', phone: '5035550142', addressTyped: '12 Oak St, Portland', address: '12 Oak St, Portland, OR, USA' };
const swarm = { street: '40 Elm St', address: '40 Elm St, Portland, OR, USA', reporterName: 'Jo Reporter', reporterPhone: '5035550178' };
/** An Android phone's Chrome, so the device gets the name a member would see. */
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const DEVICE_NAME = 'Chrome on Android';

type OutboxNotification = { deviceName: string; memberId: string; title: string; body: string; imageUrl: string; claimToken: string; sentAt: string };
type ClaimView = { reportId: string; claimCode: string; size: string; elevationFeet: number; town: string; state: string; test: boolean };
/** What the page reads of a notification (the package is typed without the DOM library). */
type ShownNotification = { title: string; body: string; tag: string; image: string; requireInteraction: boolean; actions: { action: string; title: string }[]; data: Record<string, string> };

async function outboxNotifications(product: EmbeddedProduct): Promise<OutboxNotification[]> {
  const { notifications } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { notifications?: OutboxNotification[] };
  return notifications ?? [];
}

async function smsTo(product: EmbeddedProduct, to: string): Promise<string[]> {
  const { sms } = (await (await fetch(`${product.url}/api/dev/outbox`)).json()) as { sms?: { to: string; body: string }[] };
  return (sms ?? []).filter((message) => message.to === to).map((message) => message.body);
}

async function claimView(product: EmbeddedProduct, token: string): Promise<ClaimView> {
  const response = await fetch(`${product.url}/api/alerts/claim/${token}`);
  if (!response.ok) throw new Error(`claim view ${response.status}`);
  return (await response.json()) as ClaimView;
}

/** A swarm reported through the public form's endpoint, with a photo, as a passer-by's phone sends it. */
async function reportSwarm(product: EmbeddedProduct): Promise<string> {
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#e0b030' } }).jpeg().toBuffer();
  const form = new FormData();
  const fields = { reporterName: swarm.reporterName, reporterPhone: swarm.reporterPhone, size: 'Basketball', elevation: '12', address: swarm.address, recaptchaToken: 'dev', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', new File([photo], 'swarm.jpg', { type: 'image/jpeg' }));
  const response = await fetch(`${product.url}/api/report`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`report refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { reportId: string }).reportId;
}

/**
 * Replaces `PushManager.prototype.subscribe` (and `getSubscription`, so the page finds what it subscribed) before any
 * script of the page runs: it answers the local push service's subscription, shaped as Chromium's PushSubscription
 * (endpoint, options, getKey, toJSON, unsubscribe), and records the options it was asked with.
 */
function fakePushManager(subscription: BrowserPushSubscription): string {
  return `(() => {
    const json = ${JSON.stringify(subscription)};
    const bytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4)), (c) => c.charCodeAt(0));
    const base64url = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const copy = (key) => (key instanceof ArrayBuffer ? key.slice(0) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength).slice().buffer);
    let current = null;
    window.__pushSubscribeCalls = [];
    PushManager.prototype.subscribe = async function (options) {
      const applicationServerKey = copy(options.applicationServerKey);
      window.__pushSubscribeCalls.push({ userVisibleOnly: options.userVisibleOnly, applicationServerKey: base64url(applicationServerKey) });
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: (name) => (name === 'p256dh' || name === 'auth' ? bytes(json.keys[name]).buffer : null),
        toJSON: () => JSON.parse(JSON.stringify(json)),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      };
      return current;
    };
    PushManager.prototype.getSubscription = async function () {
      return current;
    };
  })()`;
}

/** The notifications the site's service worker shows now, read in the page through its registration. */
const shownNotifications = (page: Page, tag: string) =>
  page.evaluate<ShownNotification[]>(`navigator.serviceWorker.ready.then(async (registration) =>
    (await registration.getNotifications({ tag: ${JSON.stringify(tag)} })).map((n) => ({
      title: n.title, body: n.body, tag: n.tag, image: n.image, requireInteraction: n.requireInteraction,
      actions: n.actions.map((a) => ({ action: a.action, title: a.title })), data: n.data,
    })))`);

describe('a swarm alert as a notification on a phone, claimed from the notification', () => {
  let product: EmbeddedProduct;
  let browser: Browser;
  let built: string;
  const pushService = new LocalPushService();

  beforeAll(async () => {
    // A production build: only it registers the service worker (import.meta.env.PROD).
    built = buildFrontend({ NODE_ENV: 'production' });
    await pushService.start();
    product = await startEmbedded({
      env: { PORT: '0', STATIC_DIR: built, PUSH_SENDER: 'dev-outbox', PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true' },
      loggerFor: () => pino({ level: 'silent' }),
    });
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.close();
    await pushService.stop();
    if (built) rmSync(built, { recursive: true, force: true });
  });

  it('turns notifications on, gets the alert by push, claims it from the notification and shows the claim page', { timeout: 120_000 }, async () => {
    const origin = product.url;
    const { activationCode } = await seedAssociation(product, association);
    const context: BrowserContext = await browser.newContext({ ...phone, userAgent: ANDROID_CHROME });
    const page = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(page);

    // Notifications allowed for the site, as the member's "Allow" would, through the DevTools protocol.
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('Browser.grantPermissions', { origin, permissions: ['notifications'], browserContextId: targetInfo.browserContextId });
    // The service worker's registration, as DevTools sees it: its id is where push messages are delivered.
    const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
      for (const registration of updated) registrations.set(registration.registrationId, registration);
    });
    await cdp.send('ServiceWorker.enable');

    const subscription = pushService.subscribe({ applicationServerKey: product.webPushPublicKey });
    await page.addInitScript(fakePushManager(subscription));

    await logInAsNewMember(page, product, member);
    // A member of the funded association, available all day for swarms up to 50 ft, so the alert goes out at once.
    const { member: keeper } = await product.clients.member.ensureMember({ email: member.email });
    const memberId = keeper?.memberId ?? '';
    await product.clients.associationBilling.joinAssociation({ memberId, activationCode });
    await product.clients.member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });

    // How to alert me: the permission is asked only by the press; the device is added and listed as this one.
    const section = page.getByRole('region', { name: 'How to alert me' });
    const pushBox = section.getByRole('checkbox', { name: 'Notification on this device' });
    await section.scrollIntoViewIfNeeded();
    expect(await pushBox.isChecked()).toBe(false);
    expect(await page.evaluate<unknown[]>('window.__pushSubscribeCalls')).toEqual([]);
    await pushBox.click();
    await dismissSuccess(page, 'Your alert channels have been updated.');
    expect(await pushBox.isChecked()).toBe(true);
    expect(await page.evaluate<unknown[]>('window.__pushSubscribeCalls')).toEqual([{ userVisibleOnly: true, applicationServerKey: product.webPushPublicKey }]);
    const devices = section.getByRole('group', { name: 'Devices that get notifications' }).getByRole('listitem');
    expect(await devices.allTextContents()).toEqual([expect.stringContaining(`${DEVICE_NAME} (this device)`)]);
    const { devices: stored } = await product.clients.member.getAlertChannels({ memberId });
    expect(stored.map((device) => device.name)).toEqual([DEVICE_NAME]);
    await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shot(page, 'push-alerts-how-to-alert-me-phone');

    // The test alert: the toast names both channels, and the outbox holds its notification for this device.
    await section.getByRole('button', { name: 'Send me a test alert' }).click();
    await dismissSuccess(page, 'A test alert is on its way by notification and text message.');
    await waitUntil(async () => (await outboxNotifications(product)).length === 1, 10_000, 'the test notification');
    const [testNotification] = await outboxNotifications(product);
    expect(testNotification).toMatchObject({ deviceName: DEVICE_NAME, memberId });
    expect((await claimView(product, testNotification!.claimToken)).test).toBe(true);

    // A swarm reported a few streets away: the alert waits in the dev outbox, with its claim token.
    const reportId = await reportSwarm(product);
    const isAlert = (notification: OutboxNotification) => notification.claimToken !== '' && notification.claimToken !== testNotification!.claimToken;
    await waitUntil(async () => (await outboxNotifications(product)).some(isAlert), 30_000, 'the alert notification');
    const alert = (await outboxNotifications(product)).find(isAlert)!;
    const view = await claimView(product, alert.claimToken);
    expect(view).toMatchObject({ reportId, size: 'Basketball', elevationFeet: 12, town: 'Portland, OR', state: 'open', test: false });
    const claimCode = view.claimCode;
    expect(alert).toMatchObject({ deviceName: DEVICE_NAME, memberId, title: 'Swarm Alert' });
    expect(alert.body).toMatch(new RegExp(`^Basketball swarm, 12 ft up, \\d+\\.\\d mi from home, in Portland, OR\\. Claim code ${claimCode}$`));
    expect(`${alert.title} ${alert.body}`).not.toContain(swarm.street);
    expect(alert.imageUrl).toMatch(new RegExp(`^${origin}/`));

    // The push message the notification service sends, delivered to the service worker as a push service would.
    const tag = `swarm-report-${reportId}`;
    const payload = {
      type: 'swarm-alert',
      title: alert.title,
      body: alert.body,
      image: alert.imageUrl,
      tag,
      claimCode,
      claimToken: alert.claimToken,
      claimUrl: `${origin}/api/alerts/claim`,
      actions: [
        { action: 'claim', title: 'Claim' },
        { action: 'not-now', title: 'Not now' },
      ],
    };
    const registration = [...registrations.values()].find((candidate) => candidate.scopeURL === `${origin}/` && !candidate.isDeleted);
    expect(registration, 'the service worker registration').toBeDefined();
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration!.registrationId, data: JSON.stringify(payload) });

    await expect.poll(async () => (await shownNotifications(page, tag)).length, { timeout: 10_000 }).toBe(1);
    const [shown] = await shownNotifications(page, tag);
    expect(shown).toMatchObject({
      title: 'Swarm Alert',
      body: alert.body,
      tag,
      image: alert.imageUrl,
      requireInteraction: true,
      actions: [
        { action: 'claim', title: 'Claim' },
        { action: 'not-now', title: 'Not now' },
      ],
      data: { claimToken: alert.claimToken, claimUrl: `${origin}/api/alerts/claim`, claimCode },
    });

    // The claim page of the alert, opened as a tap on the notification would: the facts and the button, and opening
    // it claimed nothing.
    const claimPage = await context.newPage();
    const claimPageCalls: string[] = [];
    claimPage.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) claimPageCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await claimPage.goto(`${origin}/claim/${alert.claimToken}`);
    await claimPage.getByRole('heading', { level: 1, name: 'A swarm near you' }).waitFor();
    await claimPage.getByRole('heading', { level: 2, name: `Swarm ${claimCode}` }).waitFor();
    await claimPage.getByRole('button', { name: 'Claim this swarm' }).waitFor();
    const pageText = (await claimPage.locator('main').textContent()) ?? '';
    expect(pageText).toContain('12 ft above the ground');
    expect(pageText).toContain('Portland, OR');
    expect(pageText).not.toContain(swarm.street);
    expect(claimPageCalls.filter((call) => call.startsWith('POST '))).toEqual([]);
    expect((await claimView(product, alert.claimToken)).state).toBe('open');
    expect((await axeFindings(claimPage, '/claim/:token, open')).filter(isSeriousOrCritical)).toEqual([]);
    await shot(claimPage, 'push-alerts-claim-page-open-phone');
    await claimPage.close();

    // Claim, on the notification: dispatched in the service worker's own scope (a headless browser has no notification
    // to click). An event made by script may not be extended, so waitUntil is given to it here and awaited.
    const isSiteWorker = (candidate: Worker) => candidate.url() === `${origin}/sw.js`;
    const worker = context.serviceWorkers().find(isSiteWorker) ?? (await context.waitForEvent('serviceworker', { predicate: isSiteWorker, timeout: 10_000 }));
    const extended = await worker.evaluate<number>(`(async () => {
      const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} });
      const event = new NotificationEvent('notificationclick', { notification, action: 'claim' });
      const lifetime = [];
      Object.defineProperty(event, 'waitUntil', { value: (promise) => lifetime.push(promise) });
      self.dispatchEvent(event);
      await Promise.all(lifetime);
      return lifetime.length;
    })()`);
    expect(extended).toBe(1);

    // The answer takes the alert's place: the swarm is the member's, with the location and the reporter's phone.
    const [answer] = await shownNotifications(page, tag);
    expect(answer).toMatchObject({ title: `Swarm ${claimCode} is yours`, actions: [] });
    expect(answer!.body).toContain(swarm.address);
    expect(answer!.body).toContain('503-555-0178');
    expect((await claimView(product, alert.claimToken)).state).toBe('yours');
    const claimedList = await page.request.get(`${origin}/api/member/report/claimed`);
    expect(claimedList.status()).toBe(200);
    expect(((await claimedList.json()) as { reportId: string; claimCode: string }[]).map((report) => [report.reportId, report.claimCode])).toEqual([[reportId, claimCode]]);

    // The dev outbox page: the alert's Claim, pressed as a second tap on the phone, and Open, which shows the claim
    // page as a tap on the notification would, the swarm now the member's.
    await page.goto(`${origin}/dev/outbox`);
    const alertArticle = page.locator('article.notification').filter({ hasText: `Claim code ${claimCode}` }).filter({ has: page.getByRole('button', { name: 'Claim' }) });
    // Claim tokens are long: the page wraps them, so a phone never scrolls it sideways.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - innerWidth')).toBeLessThanOrEqual(0);
    await alertArticle.getByRole('button', { name: 'Claim' }).click();
    await page.waitForURL(`${origin}/dev/outbox`);
    // The token serves once: a second use answers the first outcome, and claims nothing more.
    await page.getByRole('listitem').filter({ hasText: `Claim on ${DEVICE_NAME} (swarm ${claimCode}), the product answered claimed: Address: ${swarm.address}` }).waitFor();
    const locationTexts = (await smsTo(product, member.phone)).filter((body) => body.startsWith(`Swarm ${claimCode} is yours.`));
    expect(locationTexts).toHaveLength(1);
    await page.locator('article.notification').filter({ hasText: `Claim code ${claimCode}` }).getByRole('link', { name: 'Open' }).click();
    await page.waitForURL(`${origin}/claim/${alert.claimToken}`);
    await page.getByRole('status').getByRole('heading', { level: 2, name: `Swarm ${claimCode} is yours` }).waitFor();
    expect(await page.getByRole('button', { name: 'Claim this swarm' }).count()).toBe(0);
    expect((await axeFindings(page, '/claim/:token, yours')).filter(isSeriousOrCritical)).toEqual([]);
    await shot(page, 'push-alerts-claim-page-yours-phone');
    await context.close();
  });
});
