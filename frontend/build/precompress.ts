import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the build, once, at
 * build time: the gateway then serves the copy the browser accepts without compressing anything per request, and at
 * the highest levels, which are too slow to run on each response.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const written: string[] = [];
  for (const file of await filesUnder(folder)) {
    if (!compressible.test(file)) continue;
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    // A copy no smaller than the file itself would only cost the browser a decoding step.
    if (br.length < content.length) {
      await writeFile(`${file}.br`, br);
      written.push(`${file}.br`);
    }
    if (gz.length < content.length) {
      await writeFile(`${file}.gz`, gz);
      written.push(`${file}.gz`);
    }
  }
  return written;
}

/** The Vite plugin that precompresses the production build once it is written. */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'swarm-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await precompressFolder(config.build.outDir);
    },
  };
}
