import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, startEmbeddedProduct, type RunningProduct } from './product-harness.js';

const modes: [string, () => Promise<RunningProduct>][] = [
  ['embedded (one process, in-memory adapters)', startEmbeddedProduct],
  ['distributed (a process per service, sessions in Redis, MongoDB-compatible store)', () => startDistributedProduct()],
];

describe.each(modes)('member login and profile, %s', (_mode, start) => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await start();
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('logs in by the link from the dev outbox, keeps information and availability, and logs out', async () => {
    const email = `e2e-${Date.now()}@example.org`;
    const asked = await fetch(`${product.baseUrl}/api/oauth/magic-login/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }),
    });
    expect(asked.status).toBe(200);

    const outbox = (await (await fetch(`${product.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(link.pathname).toBe('/api/oauth/magic-login/member/callback');
    const opened = await fetch(`${product.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect([opened.status, opened.headers.get('location')]).toEqual([303, '/member']);
    const [setCookie = ''] = opened.headers.getSetCookie();
    expect(setCookie).toContain('HttpOnly; SameSite=Lax');
    const cookie = setCookie.split(';')[0] ?? '';

    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${product.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const information = await send('PUT', '/api/member/information', { name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' });
    expect(information.status).toBe(200);
    expect((await send('PUT', '/api/member/availability', { wednesdayTo: 24 })).status).toBe(200);
    expect((await send('PUT', '/api/member/availability', { rangeInMiles: 26 })).status).toBe(400);
    expect(await (await send('GET', '/api/member/information')).json()).toMatchObject({ name: 'Ada Lovelace', address: '1 Hive Way, Portland, OR, USA' });
    expect(await (await send('GET', '/api/member/availability')).json()).toMatchObject({ wednesdayFrom: 17, wednesdayTo: 24, rangeInMiles: 5 });

    expect((await send('DELETE', '/api/oauth/logout')).status).toBe(204);
    expect((await send('GET', '/api/member/information')).status).toBe(401);
  });
});
