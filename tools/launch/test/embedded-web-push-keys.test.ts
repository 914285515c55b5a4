import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { generateWebPushKeys } from '../src/web-push-keys.js';

/** Loggers that keep the lines of the part named 'embedded' (the launcher's own). */
function recordingLoggers() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, loggerFor: (part: string) => (part === 'embedded' ? pino({ level: 'info' }, destination) : pino({ level: 'silent' })) };
}

describe('the embedded product and Web Push keys', () => {
  let product: EmbeddedProduct | undefined;
  afterEach(async () => {
    await product?.close();
    product = undefined;
  });

  it('generates a VAPID pair for the run when none is set, serves its public key and says so once', async () => {
    const { lines, loggerFor } = recordingLoggers();
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, loggerFor });
    const config = (await (await fetch(`${product.url}/api/config`)).json()) as { webPushPublicKey: string };
    expect(config.webPushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(config.webPushPublicKey).toBe(product.webPushPublicKey);
    const said = lines.filter((line) => String(line.msg).includes('generated a VAPID key pair for this run'));
    expect(said).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain(config.webPushPublicKey);
  });

  it('serves the configured key and generates none', async () => {
    const keys = generateWebPushKeys();
    const { lines, loggerFor } = recordingLoggers();
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent', ...keys }, loggerFor });
    expect(((await (await fetch(`${product.url}/api/config`)).json()) as { webPushPublicKey: string }).webPushPublicKey).toBe(keys.WEB_PUSH_PUBLIC_KEY);
    expect(lines.filter((line) => String(line.msg).includes('VAPID'))).toEqual([]);
  });
});
