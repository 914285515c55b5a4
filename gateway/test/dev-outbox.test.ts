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
