import { describe, expect, it } from 'vitest';
import { routeRequest, type RequestFacts } from './app-shell';

const origin = 'https://swarm.example';
const precached = new Set(['/index.html', '/assets/index-Ab12Cd34.js', '/assets/member-pages-Zz98Yy76.js', '/manifest.webmanifest']);
const route = (request: Partial<RequestFacts> & { url: string }) => routeRequest({ method: 'GET', mode: 'cors', ...request, url: new URL(request.url, origin).href }, origin, precached);

describe('which requests the service worker answers', () => {
  it('answers every page of the site with the app shell, wherever the visitor opens it', () => {
    for (const path of ['/', '/report', '/identify/check-cluster', '/member/profile', '/success/abc', '/faq?section=claim', '/no/such/page']) {
      expect(route({ url: path, mode: 'navigate' }), path).toEqual({ kind: 'shell' });
    }
  });

  it('answers the files of this build from the precache', () => {
    expect(route({ url: '/assets/index-Ab12Cd34.js', mode: 'cors' })).toEqual({ kind: 'precached', path: '/assets/index-Ab12Cd34.js' });
    expect(route({ url: '/manifest.webmanifest', mode: 'no-cors' })).toEqual({ kind: 'precached', path: '/manifest.webmanifest' });
  });

  it('leaves every API call to the network, whatever its method, so no answer of the API is ever cached', () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      for (const path of ['/api/config', '/api/member/report/active', '/api/report/abc/associations', '/api']) {
        expect(route({ method, url: path }), `${method} ${path}`).toEqual({ kind: 'network' });
      }
    }
  });

  it("leaves the gateway's own page loads to it: sign-ins under /api and the dev outbox", () => {
    for (const path of ['/api/oauth/google/member', '/api/oauth/magic-login/member/callback?token=x', '/dev/outbox']) {
      expect(route({ url: path, mode: 'navigate' }), path).toEqual({ kind: 'network' });
    }
  });

  it('leaves to the network files this build does not have, other origins and a file opened as a page', () => {
    expect(route({ url: '/assets/index-0ld0ld00.js' })).toEqual({ kind: 'network' });
    expect(route({ url: '/assets/index-Ab12Cd34.js?v=2' })).toEqual({ kind: 'network' });
    expect(route({ url: '/icons/icon-512.png' })).toEqual({ kind: 'network' });
    expect(route({ url: 'https://www.google.com/recaptcha/api.js', mode: 'no-cors' })).toEqual({ kind: 'network' });
    expect(route({ url: 'https://elsewhere.example/', mode: 'navigate' })).toEqual({ kind: 'network' });
    expect(route({ url: '/robots.txt', mode: 'navigate' })).toEqual({ kind: 'network' });
    expect(route({ url: '/sw.js', mode: 'navigate' })).toEqual({ kind: 'network' });
  });
});
