import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createRouterTransport } from '@connectrpc/connect';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';

const script = `export const landing = ${JSON.stringify('Found a swarm of honeybees? '.repeat(200))};\n`;
const page = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const worker = `self.addEventListener('fetch', () => undefined);${' '.repeat(400)}\n`;
const manifest = JSON.stringify({ name: 'Swarm Alert', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] });
const picture = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

/** A built frontend as the build writes it: each text file with a brotli and a gzip copy beside it. */
function builtFrontend(): string {
  const folder = mkdtempSync(join(tmpdir(), 'swarm-static-'));
  mkdirSync(join(folder, 'assets'));
  for (const [path, content] of [
    ['index.html', page],
    ['assets/index-Ab12Cd34.js', script],
    ['sw.js', worker],
    ['manifest.webmanifest', manifest],
  ] as const) {
    writeFileSync(join(folder, path), content);
    writeFileSync(join(folder, `${path}.br`), brotliCompressSync(content));
    writeFileSync(join(folder, `${path}.gz`), gzipSync(content));
  }
  writeFileSync(join(folder, 'assets/bee-Zz98Yy76.png'), picture);
  return folder;
}

describe('the built frontend as the gateway serves it', () => {
  let folder: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = builtFrontend();
    const none = createRouterTransport(() => undefined);
    const { site } = await testSite();
    app = await buildGateway({
      clients: createServiceClients({ report: none, member: none, 'association-billing': none, notification: none, insights: none }),
      adapters: testAdapters(),
      settings: { staticDir: folder, site, reportImageMaxBytes: 1024, secureCookies: false },
      logger: testLogger(),
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a hashed asset to a browser that accepts brotli, cached for good', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself, uncompressed, to a client that accepts no encoding', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get('/assets/index-Ab12Cd34.js', acceptEncoding);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(script);
    }
  });

  it('sends a file that has no compressed copy (a picture) as it is, whatever the browser accepts', async () => {
    const response = await get('/assets/bee-Zz98Yy76.png', 'br, gzip');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload).toEqual(picture);
  });

  it('serves index.html compressed and never cached stale, at / and at any page address', async () => {
    for (const url of ['/', '/report', '/member/profile']) {
      const response = await get(url, 'br');

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(page);
    }
  });

  it('serves the service worker from the root, compressed and never cached stale (its bytes tell browsers of a new version)', async () => {
    const response = await get('/sw.js', 'br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(worker);
  });

  it('serves the web app manifest as one, never cached stale', async () => {
    const response = await get('/manifest.webmanifest');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ name: 'Swarm Alert' });
  });

  it('gives the compressed copies no address of their own', async () => {
    const response = await get('/assets/index-Ab12Cd34.js.br', 'br');

    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found.');
  });

  it('answers a missing file 404, not with the page: a script of an earlier build, a favicon, robots.txt', async () => {
    for (const url of ['/assets/index-Old12345.js', '/assets/index-Old12345.css', '/favicon.ico', '/robots.txt']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });

      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/plain/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('still opens the site at an address that looks like a file when a browser opens it as a page', async () => {
    const response = await app.inject({ method: 'GET', url: '/learn-more.html?from=flyer', headers: { accept: 'text/html,application/xhtml+xml' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
