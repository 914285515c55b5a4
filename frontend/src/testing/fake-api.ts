import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  /** Path below /api, without the query string. */
  path: string;
  query: URLSearchParams;
  body: BodyInit | null | undefined;
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with a tiny gateway keyed by "METHOD /path" (below /api). Unknown calls answer 404 so a test
 * notices a call it did not expect. Returns the fetch mock to inspect the calls made.
 */
export function stubApi(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const request: FakeRequest = { method, path, query: url.searchParams, body: init?.body };
    requests.push(request);
    const handler = handlers[`${method} ${path}`];
    return handler ? handler(request) : jsonResponse({ message: `No fake for ${method} ${path}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

/** The config the gateway answers in the embedded mode: no reCAPTCHA key, a sender number for the FAQ. */
export const devConfig = { recaptchaSiteKey: null, alertSenderNumber: '+15035550100', loginProviders: { google: false } };
