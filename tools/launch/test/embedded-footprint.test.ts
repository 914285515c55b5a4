import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startOtlpReceiver } from '@swarm/testing';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function packagesLoadedByEmbeddedProduct(env: Record<string, string> = {}): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launch/test/fixtures/embedded-loaded-packages.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...withoutOtelVariables(process.env), ...env },
    });
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

function withoutOtelVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OTEL_')));
}

const opentelemetry = (loaded: string[]) => loaded.filter((name) => name.startsWith('@opentelemetry/'));
const isSdkOrExporter = (name: string) => /^@opentelemetry\/(sdk-|exporter-|otlp-|resources$)/.test(name);

describe('the embedded product at rest', () => {
  it('holds none of the clients of the distributed mode, nor the image codec before a picture arrives, nor the OpenTelemetry SDK', async () => {
    const loaded = await packagesLoadedByEmbeddedProduct();

    // It does load its own HTTP server, which shows the list is read.
    expect(loaded).toContain('fastify');
    for (const distributedOnly of ['mongodb', 'bson', 'ioredis', 'bullmq', 'twilio', 'sharp']) expect(loaded).not.toContain(distributedOnly);
    // Without OTEL_EXPORTER_OTLP_ENDPOINT: the trace context's API, no SDK, no exporter.
    expect(opentelemetry(loaded)).toContain('@opentelemetry/api');
    expect(opentelemetry(loaded).filter(isSdkOrExporter)).toEqual([]);
  }, 60_000);

  it('loads the OpenTelemetry SDK and the OTLP exporter of the protocol asked for once OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const loaded = opentelemetry(await packagesLoadedByEmbeddedProduct({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }));
      expect(loaded.filter(isSdkOrExporter)).toContain('@opentelemetry/sdk-trace');
      expect(loaded).toContain('@opentelemetry/exporter-trace-otlp-proto');
      expect(loaded).not.toContain('@opentelemetry/exporter-trace-otlp-http');
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
