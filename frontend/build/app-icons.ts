import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * The app's icons, drawn from the brand mark (`src/components/ui/brand-mark.tsx`, `public/favicon.svg`: the honeycomb
 * cell) and the page background of the theme (`src/styles/theme.ts`):
 *
 * - `icons/icon-192.png`, `icons/icon-512.png`: the manifest's `any` icons, the mark alone on a transparent ground;
 * - `icons/icon-maskable-512.png`: the manifest's `maskable` icon, the page colour to every edge and the mark inside
 *   the safe zone (the centred circle of 40% of the size in radius, all a launcher's mask is sure to keep);
 * - `icons/apple-touch-icon.png` (180 px): iOS's home-screen icon, opaque (iOS shows transparency as black, and rounds
 *   the corners itself);
 * - `icons/badge-96.png`: the badge of a swarm alert's notification (the service worker's `push.ts`), the mark's
 *   silhouette in white on a transparent ground with its lines cut out: Android draws only a badge's alpha.
 *
 * Run `npx tsx frontend/build/app-icons.ts` after changing the mark or the colours, and commit the PNGs.
 */

export const BACKGROUND = '#fffaf0';

/** The brand mark in its 64 × 64 box, as the site draws it. */
const CELL = 'M32 4 56 18v28L32 60 8 46V18z';
const LINES = 'M22 28h20M20 36h24M24 44h16';
const MARK = `<path d="${CELL}" fill="#f2b632" stroke="#7a4700" stroke-width="4" stroke-linejoin="miter"/>
<path d="${LINES}" stroke="#3b2600" stroke-width="4" stroke-linecap="round" fill="none"/>`;
/** The mark as one shape: the cell in white, the lines cut out of it (a mask, so they are transparent). */
const SILHOUETTE = `<mask id="cut"><path d="${CELL}" fill="#fff" stroke="#fff" stroke-width="4" stroke-linejoin="miter"/>
<path d="${LINES}" stroke="#000" stroke-width="4" stroke-linecap="round" fill="none"/></mask>
<rect width="64" height="64" fill="#fff" mask="url(#cut)"/>`;

/**
 * How far the mark reaches from the centre of its box, in box units: the top vertex (28 from the centre) plus its
 * mitred stroke (half the width over the sine of half the ~120° corner, 2.32), rounded up.
 */
export const MARK_RADIUS = 30.5;

/** The share of the size the maskable icon's safe zone spans in radius (the W3C manifest spec: 40%). */
export const SAFE_ZONE_RADIUS = 0.4;

type Icon = {
  file: string;
  size: number;
  /** The page colour behind the mark, to every edge; none leaves the ground transparent. */
  background?: string;
  /** How far from the centre the mark may reach, as a share of the size. */
  markRadius: number;
  /** The white silhouette of the mark instead of its colours. */
  monochrome?: boolean;
};

export const ICONS: readonly Icon[] = [
  { file: 'icon-192.png', size: 192, markRadius: 0.48 },
  { file: 'icon-512.png', size: 512, markRadius: 0.48 },
  // Well inside the 0.4 safe zone, so a circular mask leaves a margin around the cell.
  { file: 'icon-maskable-512.png', size: 512, background: BACKGROUND, markRadius: 0.34 },
  { file: 'apple-touch-icon.png', size: 180, background: BACKGROUND, markRadius: 0.38 },
  { file: 'badge-96.png', size: 96, markRadius: 0.46, monochrome: true },
];

export function iconSvg({ size, background, markRadius, monochrome = false }: Icon): string {
  const scale = (markRadius * size) / MARK_RADIUS;
  const offset = size / 2 - 32 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
${background ? `<rect width="${size}" height="${size}" fill="${background}"/>` : ''}
<g transform="translate(${offset} ${offset}) scale(${scale})">${monochrome ? SILHOUETTE : MARK}</g>
</svg>`;
}

export async function writeIcons(folder: string): Promise<string[]> {
  mkdirSync(folder, { recursive: true });
  const written: string[] = [];
  for (const icon of ICONS) {
    const drawn = sharp(Buffer.from(iconSvg(icon)));
    // An icon with a ground is opaque: no alpha channel for a launcher to fill with its own colour.
    const png = await (icon.background ? drawn.flatten({ background: icon.background }) : drawn).png({ compressionLevel: 9 }).toBuffer();
    writeFileSync(join(folder, icon.file), png);
    written.push(join(folder, icon.file));
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of await writeIcons(join(import.meta.dirname, '..', 'public', 'icons'))) console.log(file);
}
