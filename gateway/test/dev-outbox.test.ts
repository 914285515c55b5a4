import { afterEach, describe, expect, it } from 'vitest';
import { FakeNotificationService } from './fake-notification-service.js';
import { startMemberGateway, type TestGateway } from './member-harness.js';

describe('dev outbox', () => {
  let gateway: TestGateway;
  afterEach(async () => {
    await gateway.close();
  });

  it('lists the emails as JSON and as a page whose login link opens a session', async () => {
    gateway = await startMemberGateway();
    await fetch(`${gateway.url}/api/oauth/magic-login/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: 'ada@example.org', recaptchaToken: 'human' }),
    });
    const listed = (await (await fetch(`${gateway.url}/api/dev/outbox`)).json()) as { messages: { channel: string; to: string; subject: string }[] };
    expect(listed.messages).toMatchObject([{ channel: 'email', to: 'ada@example.org', subject: 'Your Swarm Alert login link' }]);

    const page = await fetch(`${gateway.url}/dev/outbox`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    const href = html.match(/<a href="([^"]+)">/)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toMatch(/\/api\/oauth\/magic-login\/member\/callback\?token=/);
    const opened = await fetch(href ?? '', { redirect: 'manual' });
    expect([opened.status, opened.headers.get('location')]).toEqual([303, '/member']);
  });

  it('escapes everything a message carries', async () => {
    gateway = await startMemberGateway();
    gateway.outbox.add({
      channel: 'email',
      to: '<script>alert(1)</script>@example.org',
      subject: '<img src=x onerror=alert(1)>',
      text: 'see https://example.org/?a="><script>x</script> now',
      html: '',
    });
    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<a href="https://example.org/?a=">');
  });

  it('is not served when emails are really sent', async () => {
    gateway = await startMemberGateway({ devOutbox: false, mailer: { send: async () => undefined } });
    expect((await fetch(`${gateway.url}/api/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/dev/outbox`)).status).toBe(404);
  });

  it('lists the push notifications the notification service kept, as the device would show them', async () => {
    const notification = new FakeNotificationService();
    notification.notifications.push({
      deviceName: 'Pixel <b>8</b>',
      memberId: 'member-1',
      title: 'Swarm alert: Basketball, 12 ft',
      body: '2.3 miles from home, Springfield. Claim code 04217.',
      imageUrl: 'https://swarm-alert.example/api/reports/r-1/thumbnail',
      claimToken: 'v1.token',
      sentAt: new Date('2026-06-01T12:00:00.000Z'),
    });
    gateway = await startMemberGateway({ notificationRoutes: notification.routes });
    const listed = (await (await fetch(`${gateway.url}/api/dev/outbox`)).json()) as Record<string, unknown>;
    expect(listed.notifications).toEqual([
      {
        deviceName: 'Pixel <b>8</b>',
        memberId: 'member-1',
        title: 'Swarm alert: Basketball, 12 ft',
        body: '2.3 miles from home, Springfield. Claim code 04217.',
        imageUrl: 'https://swarm-alert.example/api/reports/r-1/thumbnail',
        claimToken: 'v1.token',
        sentAt: '2026-06-01T12:00:00.000Z',
      },
    ]);
    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html).toContain('<h2>Notifications</h2>');
    expect(html).toContain('Notification on Pixel &lt;b&gt;8&lt;/b&gt; (member member-1)');
    expect(html).toContain('Swarm alert: Basketball, 12 ft');
  });

  it('lists no notifications when a real push service is used, or when the notification service has no dev outbox', async () => {
    const notification = new FakeNotificationService();
    notification.notificationsEnabled = false;
    gateway = await startMemberGateway({ notificationRoutes: notification.routes });
    expect(await (await fetch(`${gateway.url}/api/dev/outbox`)).json()).not.toHaveProperty('notifications');
    await gateway.close();
    gateway = await startMemberGateway();
    expect(await (await fetch(`${gateway.url}/api/dev/outbox`)).json()).not.toHaveProperty('notifications');
    expect(await (await fetch(`${gateway.url}/dev/outbox`)).text()).not.toContain('Notifications');
  });

});

describe('dev outbox notifications: Claim and Open, as the phone would', () => {
  let gateway: TestGateway;
  let notification: FakeNotificationService;
  afterEach(async () => {
    await gateway.close();
  });

  const alert = { deviceName: 'Chrome on Android', memberId: 'member-1', title: 'Swarm Alert', body: 'Basketball swarm, 12 ft up, 2.3 mi from home, in Springfield. Claim code 04217', imageUrl: '' };

  async function start(options: { devOutbox?: boolean } = {}): Promise<void> {
    notification = new FakeNotificationService();
    notification.issue('v1.alert-token');
    notification.notifications.push(
      { ...alert, title: 'Swarm 04217 is yours', body: 'Claimed: the location is on its way.', claimToken: '', sentAt: new Date('2026-06-01T12:05:00.000Z') },
      { ...alert, claimToken: 'v1.alert-token', sentAt: new Date('2026-06-01T12:00:00.000Z') },
    );
    gateway = await startMemberGateway({ notificationRoutes: notification.routes, ...options });
  }

  const claim = (token: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}/dev/outbox/notifications/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'manual',
    });

  it('gives an alert a Claim form and an Open link to its claim page; an answer notification has neither', async () => {
    await start();
    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html.match(/<form method="post" action="\/dev\/outbox\/notifications\/claim">/g)).toHaveLength(1);
    expect(html).toContain('<input type="hidden" name="token" value="v1.alert-token">\n<button type="submit">Claim</button>');
    expect(html).toContain('<a href="/claim/v1.alert-token">Open</a>');
    const answer = html.slice(html.indexOf('Swarm 04217 is yours'), html.indexOf('Swarm Alert</strong>'));
    expect(answer).not.toContain('<form');
    expect(answer).not.toContain('Open</a>');
  });

  it('claims with the token through ClaimWithToken and shows the answer on the page and in the JSON', async () => {
    await start();
    const answered = await claim('v1.alert-token');
    expect([answered.status, answered.headers.get('location')]).toEqual([303, '/dev/outbox']);
    expect(notification.claimsAsked).toEqual(['v1.alert-token']);

    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html).toContain('<h3>Claims sent from this page</h3>');
    expect(html).toMatch(/Claim on Chrome on Android \(swarm 04217\), the product answered <q>claimed: Claimed: the location is on its way\.<\/q>/);
    const json = (await (await fetch(`${gateway.url}/api/dev/outbox`)).json()) as { notificationClaims: unknown[] };
    expect(json.notificationClaims).toEqual([
      { deviceName: 'Chrome on Android', claimToken: 'v1.alert-token', outcome: 'claimed', message: 'Claimed: the location is on its way.', claimCode: '04217', at: expect.any(String) },
    ]);

    // Each press is listed, newest first, with what the service answered that time.
    await claim('v1.alert-token');
    const again = (await (await fetch(`${gateway.url}/api/dev/outbox`)).json()) as { notificationClaims: { outcome: string }[] };
    expect(again.notificationClaims.map((answer) => answer.outcome)).toEqual(['already-yours', 'claimed']);
  });

  it('shows a token the notification service no longer takes as the refusal the phone would show', async () => {
    await start();
    notification.expire('v1.alert-token');
    expect((await claim('v1.alert-token')).status).toBe(303);
    const html = await (await fetch(`${gateway.url}/dev/outbox`)).text();
    expect(html).toContain('the product answered <q>refused: This swarm can no longer be claimed.</q>');
  });

  it('claims only with the token of a notification in the outbox', async () => {
    await start();
    expect((await claim('v1.some-other-token')).status).toBe(400);
    expect((await claim('')).status).toBe(400);
    expect(notification.claimsAsked).toEqual([]);
  });

  it('refuses a body over 2 KB, asking nothing', async () => {
    await start();
    const response = await fetch(`${gateway.url}/dev/outbox/notifications/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=v1.alert-token&padding=${'x'.repeat(4 * 1024)}`,
      redirect: 'manual',
    });
    expect(response.status).toBe(413);
    expect(notification.claimsAsked).toEqual([]);
  });

  it('refuses a claim another site makes the browser send', async () => {
    await start();
    expect((await claim('v1.alert-token', { origin: 'https://attacker.example' })).status).toBe(403);
    expect((await claim('v1.alert-token', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect(notification.claimsAsked).toEqual([]);
  });

  it('does not exist when a real push service is used, or when emails are really sent', async () => {
    await start();
    notification.notificationsEnabled = false;
    expect((await claim('v1.alert-token')).status).toBe(404);
    await gateway.close();
    await start({ devOutbox: false });
    expect((await claim('v1.alert-token')).status).toBe(404);
    expect(notification.claimsAsked).toEqual([]);
  });
});
