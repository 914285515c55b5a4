import { vi } from 'vitest';
import type { PublicConfig } from '@/lib/public-config';

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
  vi.stubGlobal('XMLHttpRequest', fakeXmlHttpRequestOver(fetchMock));
  return { fetchMock, requests };
}

/**
 * Uploads go by XMLHttpRequest (for their progress): this one answers them through the same fake gateway, as one
 * progress event with the whole body sent, then the handler's answer. A handler that throws a TypeError stands for a
 * connection lost before the answer, as fetch reports it.
 */
function fakeXmlHttpRequestOver(fetchMock: typeof fetch) {
  return class FakeXmlHttpRequest extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private readonly headers: Record<string, string> = {};
    private responseHeaders = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders.get(name);
    }

    abort() {
      this.dispatchEvent(new Event('abort'));
    }

    send(body?: XMLHttpRequestBodyInit | null) {
      void (async () => {
        try {
          const answer = fetchMock(this.url, { method: this.method, headers: this.headers, body: body ?? null });
          this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 1 }));
          this.upload.dispatchEvent(new Event('load'));
          const response = await answer;
          this.status = response.status;
          this.responseHeaders = response.headers;
          this.responseText = await response.text();
          this.dispatchEvent(new Event('load'));
        } catch {
          this.dispatchEvent(new Event('error'));
        }
      })();
    }
  };
}

/** The config the gateway answers in the embedded mode: no reCAPTCHA key, a sender number for the FAQ. */
export const devConfig: PublicConfig = { recaptchaSiteKey: null, alertSenderNumber: '+15035550100', reporterDataDays: 30, loginProviders: { google: false }, webPushPublicKey: '', mapTiles: null };
