import { createECDH } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { GeocoderUnavailableError } from '@swarm/runtime/geocoding';
import { startGateway } from './gateway-harness.js';

/** A VAPID public key as web-push generates one: base64url of an uncompressed P-256 point. */
const VAPID_PUBLIC_KEY = (() => {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return keys.getPublicKey().toString('base64url');
})();

describe('gateway', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('sends headers that stop content sniffing, framing, full-URL referrers, inline script and unused features', async () => {
    const started = await startGateway();
    app = started.app;
    for (const path of ['/api/health', '/api/nothing-here']) {
      const response = await fetch(`${started.url}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self';");
      expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(policy).toContain("frame-ancestors 'none'");
      // The site's own service worker and web app manifest.
      expect(policy).toContain("worker-src 'self';");
      expect(policy).toContain("manifest-src 'self';");
      expect(policy).not.toContain('recaptcha');
      // Plain HTTP: no Strict-Transport-Security, which would lock a browser out of http://localhost.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('sends the whole Content-Security-Policy, directive by directive, and none of helmet’s other defaults', async () => {
    const started = await startGateway();
    app = started.app;
    const response = await fetch(`${started.url}/api/health`);
    const directives = (response.headers.get('content-security-policy') ?? '').split(';').map((directive) => directive.trim());
    expect(directives).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "frame-src 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]);
    for (const header of ['cross-origin-resource-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
      expect(response.headers.get(header)).toBeNull();
    }
  });

  it('allows the bot-check provider in the policy only when it is configured, and HSTS on an https public URL', async () => {
    const started = await startGateway({ recaptchaSiteKey: 'site-key', publicUrl: 'https://swarm.example.org' });
    app = started.app;
    const response = await fetch(`${started.url}/api/health`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;");
    expect(policy).toContain('frame-src https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/;');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
  });

  it('reports 503 and names the failing service when one is not serving', async () => {
    const started = await startGateway({ unhealthy: 'member' });
    app = started.app;
    const response = await fetch(`${started.url}/api/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { status: string; services: { name: string; status: string }[] };
    expect(body.status).toBe('degraded');
    expect(body.services.find((service) => service.name === 'member')?.status).toBe('NOT_SERVING');
  });

  it('serves the public client configuration', async () => {
    const started = await startGateway({ recaptchaSiteKey: 'site-key-1', alertSenderNumber: '+15035550100' });
    app = started.app;
    const response = await fetch(`${started.url}/api/config`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ recaptchaSiteKey: 'site-key-1', alertSenderNumber: '+15035550100', reporterDataDays: 30, loginProviders: { google: false }, webPushPublicKey: '', mapTiles: null });
  });

  it('serves nulls in the client configuration when neither is configured, and no push key', async () => {
    const started = await startGateway();
    app = started.app;
    expect(await (await fetch(`${started.url}/api/config`)).json()).toEqual({
      recaptchaSiteKey: null,
      alertSenderNumber: null,
      reporterDataDays: 30,
      loginProviders: { google: false },
      webPushPublicKey: '',
      mapTiles: null,
    });
  });

  it('serves the map tile layer to the site and allows its origin as an image source', async () => {
    const mapTiles = { url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example Tiles' };
    const started = await startGateway({ mapTiles });
    app = started.app;
    const response = await fetch(`${started.url}/api/config`);
    expect(await response.json()).toMatchObject({ mapTiles });
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https://a.tiles.example.org;");
  });

  it('serves the Web Push public key browsers subscribe with', async () => {
    const started = await startGateway({ webPushPublicKey: VAPID_PUBLIC_KEY });
    app = started.app;
    expect(await (await fetch(`${started.url}/api/config`)).json()).toMatchObject({ webPushPublicKey: VAPID_PUBLIC_KEY });
  });

  it('suggests places for the address field', async () => {
    const started = await startGateway();
    app = started.app;
    const response = await fetch(`${started.url}/api/places/autocomplete?input=${encodeURIComponent('1 Oak St, Eugen')}`);
    expect(await response.json()).toEqual({ suggestions: [{ description: '1 Oak St, Eugene, OR, USA', placeId: expect.stringMatching(/^offline:/) }] });
  });

  it('limits address suggestions per client, answering 429 with Retry-After', async () => {
    const started = await startGateway({ placeSuggestionsPerHourPerClient: 2 });
    app = started.app;
    const suggest = () => fetch(`${started.url}/api/places/autocomplete?input=Portl`);
    expect((await suggest()).status).toBe(200);
    expect((await suggest()).status).toBe(200);
    const refused = await suggest();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers 503 to an autocomplete request while the geocoding provider is down', async () => {
    const started = await startGateway({
      geocoder: {
        suggest: async () => {
          throw new GeocoderUnavailableError('down');
        },
        resolve: async () => undefined,
      },
    });
    app = started.app;
    const response = await fetch(`${started.url}/api/places/autocomplete?input=Portl`);
    expect(response.status).toBe(503);
  });
});
