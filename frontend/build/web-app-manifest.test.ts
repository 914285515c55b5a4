import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/styles/theme.ts';
import { BACKGROUND, SAFE_ZONE_RADIUS } from './app-icons.ts';

const frontend = join(import.meta.dirname, '..');
const publicFile = (url: string) => join(frontend, 'public', url);

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as Record<string, unknown> & { icons: ManifestIcon[] };
const indexHtml = readFileSync(join(frontend, 'index.html'), 'utf8');

const iconsFor = (purpose: string) => manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose));

describe('the web app manifest', () => {
  it('names the app and opens it standalone at the root of the site', () => {
    expect(manifest).toMatchObject({ name: 'Swarm Alert', start_url: '/', scope: '/', display: 'standalone' });
    expect(typeof manifest.short_name).toBe('string');
    // What a launcher shows under the icon without cutting it.
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12);
    expect(manifest.description).toEqual(expect.stringMatching(/honeybee swarm/));
  });

  it("takes its colours from the theme's page background, as the page's theme-color does", () => {
    expect(manifest.theme_color).toBe(theme.colors.background);
    expect(manifest.background_color).toBe(theme.colors.background);
    expect(BACKGROUND).toBe(theme.colors.background);
    expect(indexHtml).toContain(`<meta name="theme-color" content="${theme.colors.background}" />`);
  });

  it('is linked from the page, with the iOS home-screen icon', async () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const appleIcon = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(indexHtml)?.[1];
    expect(appleIcon).toBeDefined();
    const metadata = await sharp(publicFile(appleIcon!)).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.hasAlpha]).toEqual(['png', 180, 180, false]);
  });

  it('lists a 192 and a 512 px icon and a maskable 512 px one', () => {
    expect(iconsFor('any').map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(iconsFor('maskable').map((icon) => icon.sizes)).toContain('512x512');
  });

  it('points each icon at a PNG file of the size it states', async () => {
    for (const icon of manifest.icons) {
      const file = publicFile(icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      const metadata = await sharp(file).metadata();
      expect(icon.type).toBe('image/png');
      expect(`${metadata.format} ${metadata.width}x${metadata.height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
  });

  it('keeps the maskable icon opaque to every edge and its mark inside the safe zone', async () => {
    const [hex] = /[0-9a-f]{6}/i.exec(BACKGROUND) ?? [''];
    const ground = [0, 2, 4].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
    for (const icon of iconsFor('maskable')) {
      const { data, info } = await sharp(publicFile(icon.src)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const centre = info.width / 2;
      const safeRadius = SAFE_ZONE_RADIUS * info.width;
      let transparent = 0;
      let outside = 0;
      let markPixels = 0;
      for (let y = 0; y < info.height; y++) {
        for (let x = 0; x < info.width; x++) {
          const at = (y * info.width + x) * info.channels;
          const pixel = [data[at], data[at + 1], data[at + 2]];
          if (data[at + 3] !== 255) transparent++;
          const isGround = pixel.every((value, channel) => Math.abs(value! - ground[channel]!) <= 1);
          if (isGround) continue;
          markPixels++;
          if (Math.hypot(x + 0.5 - centre, y + 0.5 - centre) > safeRadius) outside++;
        }
      }
      expect(transparent, 'pixels not fully opaque').toBe(0);
      expect(markPixels, 'the mark is drawn').toBeGreaterThan(info.width * info.height * 0.2);
      expect(outside, 'mark pixels outside the safe zone').toBe(0);
    }
  });
});

describe("the swarm alert notification's badge", () => {
  it('is a 96 px PNG of white on a transparent ground, the mark drawn by its alpha alone', async () => {
    const { data, info } = await sharp(publicFile('/icons/badge-96.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([96, 96]);
    let drawn = 0;
    let coloured = 0;
    for (let at = 0; at < data.length; at += info.channels) {
      if (data[at + 3] === 0) continue;
      drawn++;
      if (data[at] !== 255 || data[at + 1] !== 255 || data[at + 2] !== 255) coloured++;
    }
    expect(coloured, 'pixels that are not white').toBe(0);
    expect(drawn, 'the silhouette is drawn').toBeGreaterThan(96 * 96 * 0.3);
    expect(drawn, 'the lines are cut out').toBeLessThan(96 * 96 * 0.75);
  });
});
