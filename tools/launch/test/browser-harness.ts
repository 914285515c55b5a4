import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBinary } from '@swarm/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { EmbeddedProduct } from '../src/embedded.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Screenshots of the main screens; the folder is git-ignored. */
export const screenshots = join(root, 'test-output', 'screenshots');

export const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: false });

/**
 * Builds the real SPA into a scratch folder, so a test never depends on (or overwrites) frontend/dist. `env` holds
 * build-time settings (VITE_*) as a deployment would set them.
 */
export function buildFrontend(env: Record<string, string> = {}): string {
  const outDir = mkdtempSync(join(tmpdir(), 'swarm-spa-build-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: join(root, 'frontend'),
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (build.status !== 0) throw new Error(`frontend build failed:\n${build.stdout}\n${build.stderr}`);
  return outDir;
}

/**
 * Debian's Chromium, headless. Without the background-networking flags it keeps trying to reach Google's hosts,
 * which this machine's closed network refuses.
 */
export async function launchChromium(): Promise<Browser> {
  const executablePath = ensureBinary('chromium', 'chromium');
  mkdirSync(screenshots, { recursive: true });
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** The login link of the newest email to `address` in the dev outbox, read the way an operator's tool would. */
export async function loginLinkFor(product: EmbeddedProduct, address: string): Promise<string> {
  const response = await fetch(`${product.url}/api/dev/outbox`);
  const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
  const email = messages.find((message) => message.to === address);
  const link = email?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no login link for ${address} in the dev outbox`);
  return link;
}
