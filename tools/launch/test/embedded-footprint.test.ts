import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function packagesLoadedByEmbeddedProduct(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launch/test/fixtures/embedded-loaded-packages.ts'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('exit', (code) => {
      const line = output.split('\n').find((candidate) => candidate.startsWith('['));
      if (code !== 0 || !line) reject(new Error(`the embedded product did not report its packages (exit ${code}):\n${output}\n${errors}`));
      else resolve(JSON.parse(line) as string[]);
    });
  });
}

describe('the embedded product at rest', () => {
  it('holds none of the clients of the distributed mode, nor the image codec before a picture arrives', async () => {
    const loaded = await packagesLoadedByEmbeddedProduct();

    // It does load its own HTTP server, which shows the list is read.
    expect(loaded).toContain('fastify');
    for (const distributedOnly of ['mongodb', 'bson', 'ioredis', 'bullmq', 'twilio', 'sharp']) expect(loaded).not.toContain(distributedOnly);
  }, 60_000);
});
