import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, startEmbeddedProduct, type RunningProduct } from './product-harness.js';

const modes: [string, () => Promise<RunningProduct>][] = [
  ['embedded (one process, in-memory adapters)', startEmbeddedProduct],
  ['distributed (a process per service, sessions in Redis, MongoDB-compatible store)', () => startDistributedProduct()],
];

describe.each(modes)("a member's own account, %s", (_mode, start) => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await start();
  });
  afterAll(async () => {
    await product?.stop();
  });

  /** Logs in by the emailed link: the session cookie. */
  async function logIn(email: string): Promise<string> {
    const asked = await fetch(`${product.baseUrl}/api/oauth/magic-login/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }),
    });
    expect(asked.status).toBe(200);
    const outbox = (await (await fetch(`${product.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const opened = await fetch(`${product.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    return opened.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  }

  const call = (cookie: string, method: string, path: string) => fetch(`${product.baseUrl}${path}`, { method, headers: { cookie } });

  it('downloads the member’s data, then deletes the account in every service that holds part of it', { timeout: 60_000 }, async () => {
    const place = { latitude: 45.5152, longitude: -122.6784, address: '12 Oak St, Portland, OR, USA', associationName: 'Portland Beekeepers', donationUrl: '' };
    const { memberId, email } = await product.coverPlace(place);
    const cookie = await logIn(email);
    const otherSession = await logIn(email);

    const download = await call(cookie, 'GET', '/api/member/data');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    const data = (await download.json()) as { member: { memberId: string; email: string; name: string }; associations: { companyName: string }[]; alertsReceived: unknown[] };
    expect(data.member).toMatchObject({ memberId, email, name: 'Bea Keeper' });
    expect(data.associations.map(({ companyName }) => companyName)).toEqual(['Portland Beekeepers']);
    expect(data.alertsReceived).toEqual([]);

    expect((await call(cookie, 'DELETE', '/api/member/account')).status).toBe(204);
    expect((await call(cookie, 'GET', '/api/member/information')).status).toBe(401);
    expect((await call(otherSession, 'GET', '/api/member/information')).status).toBe(401);

    // member.deleted reaches association-billing and notification through the outbox and the bus.
    const logged = (message: string) => product.productLog().find((line) => line.msg === message && line.memberId === memberId);
    await expect.poll(() => logged('deleted member left every association'), { timeout: 20_000 }).toMatchObject({ associationsLeft: 1 });
    await expect.poll(() => logged('deleted member’s alert settings erased'), { timeout: 20_000 }).toBeDefined();

    // The email logs in again as a new member with nothing of the old one.
    const again = await logIn(email);
    const fresh = (await (await call(again, 'GET', '/api/member/data')).json()) as { member: { memberId: string; name: string }; associations: unknown[] };
    expect(fresh.member.memberId).not.toBe(memberId);
    expect(fresh.member.name).toBe('');
    expect(fresh.associations).toEqual([]);
  });
});
