import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingScripts } from '../../../frontend/build/landing-weight.js';
import { buildFrontend } from './browser-harness.js';

/**
 * What the landing page may download before it shows, gzip. React DOM alone is ~55 KiB of it, styled-components ~14
 * and React Router ~13, so this guards the split (was one 182 KiB bundle) against pages and libraries creeping back.
 */
const LANDING_SCRIPTS_BUDGET_BYTES = 92 * 1024;

describe('the landing page in the production build', () => {
  let built: string;
  beforeAll(() => {
    // As `npm run build` does; vitest's NODE_ENV=test would otherwise build React's development runtime.
    built = buildFrontend({ NODE_ENV: 'production' });
  });
  afterAll(() => {
    rmSync(built, { recursive: true, force: true });
  });

  it(`fetches at most ${LANDING_SCRIPTS_BUDGET_BYTES / 1024} KiB of script (gzip) before it shows`, () => {
    const scripts = landingScripts(built);
    const total = scripts.reduce((sum, script) => sum + script.gzipBytes, 0);

    expect(scripts.length).toBeGreaterThan(0);
    expect(total, scripts.map((script) => `${script.file} ${script.gzipBytes}`).join('\n')).toBeLessThanOrEqual(LANDING_SCRIPTS_BUDGET_BYTES);
  });

  it('leaves the other pages, the member area and the forms out of what it fetches first', () => {
    const firstFetched = landingScripts(built).map((script) => readFileSync(join(built, script.file), 'utf8')).join('\n');
    const assets = readdirSync(join(built, 'assets'));

    // The service worker's registration and the new-version banner come after the page has loaded, when needed.
    for (const chunk of ['member-pages', 'report-pages', 'identification-pages', 'login-page', 'feedback-dialog', 'register-service-worker', 'update-banner', 'cell-map', 'tile-map']) {
      const file = assets.find((name) => name.startsWith(`${chunk}-`) && name.endsWith('.js'));
      expect(file, `${chunk} is a chunk of its own`).toBeDefined();
      expect(landingScripts(built).map((script) => script.file)).not.toContain(`assets/${file}`);
    }
    // Words only the member area, the report form and the login page say.
    for (const text of ['Claimed Swarms', 'Swarm Elevation', 'We will email you a link to log in.', 'Elevation (feet above the ground)', 'A new version of Swarm Alert is available.', 'SKIP_WAITING']) {
      expect(firstFetched).not.toContain(text);
    }
    // React Query comes with the first page that calls the API (its hook's message when no client is set).
    expect(firstFetched).not.toContain('No QueryClient set');
    // Leaflet, script and style sheet, comes with an association map over tiles only.
    expect(firstFetched).not.toContain('leaflet-control-attribution');
    expect(readFileSync(join(built, 'index.html'), 'utf8')).not.toContain('tile-map');
  });

  it("leaves what only the association map draws with out of the service worker's precache, and keeps the pages in it", () => {
    const worker = readFileSync(join(built, 'sw.js'), 'utf8');
    const assets = readdirSync(join(built, 'assets')).filter((name) => /\.(?:js|css)$/.test(name));
    const precached = (prefix: string) => assets.filter((name) => name.startsWith(`${prefix}-`)).map((name) => worker.includes(`/assets/${name}`));
    for (const mapChunk of ['cell-map', 'tile-map', 'cell-geometry']) {
      expect(precached(mapChunk).length, `${mapChunk} is built`).toBeGreaterThan(0);
      expect(precached(mapChunk), `${mapChunk} is not precached`).not.toContain(true);
    }
    for (const page of ['member-pages', 'report-pages', 'login-page']) expect(precached(page), `${page} is precached`).toEqual([true]);
  });

  it('writes a brotli and a gzip copy of every script, style sheet and page, each decoding to the file', () => {
    const textFiles = ['index.html', ...readdirSync(join(built, 'assets')).filter((name) => /\.(js|css)$/.test(name)).map((name) => `assets/${name}`)];

    expect(textFiles.length).toBeGreaterThan(3);
    for (const file of textFiles) {
      const content = readFileSync(join(built, file));
      expect(brotliDecompressSync(readFileSync(join(built, `${file}.br`))).equals(content), `${file}.br`).toBe(true);
      expect(gunzipSync(readFileSync(join(built, `${file}.gz`))).equals(content), `${file}.gz`).toBe(true);
    }
  });
});
