import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type LandingScript = { file: string; bytes: number; gzipBytes: number };

/**
 * The scripts a browser fetches before the landing page can show: the entry module and the chunks index.html tells
 * it to preload (the entry's static imports). Pages fetched on demand are not among them. Sizes are gzip at level 9,
 * as the build's `.gz` copies are written.
 */
export function landingScripts(builtFolder: string): LandingScript[] {
  const html = readFileSync(join(builtFolder, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const files = tags
    .filter((tag) => /<script\b[^>]*type="module"/.test(tag) || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => file !== undefined);
  return files.map((file) => {
    const content = readFileSync(join(builtFolder, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
}

// `npx tsx frontend/build/landing-weight.ts [folder]`: the landing page's scripts and their gzip size, after a build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');
  const scripts = landingScripts(folder);
  for (const script of scripts) console.log(`${script.file.padEnd(60)} ${(script.gzipBytes / 1024).toFixed(1).padStart(7)} KiB gzip`);
  console.log(`${'total'.padEnd(60)} ${(scripts.reduce((sum, script) => sum + script.gzipBytes, 0) / 1024).toFixed(1).padStart(7)} KiB gzip`);
}
