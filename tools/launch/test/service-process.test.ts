import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startOtlpReceiver } from '@swarm/testing';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function runService(workspace: string, env: Record<string, string>, whenOutput?: { contains: string; send: NodeJS.Signals }, preload: string[] = []) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/main.ts'], {
      cwd: `${root}/${workspace}`,
      env: { ...withoutOtelVariables(process.env), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let signalled = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (whenOutput && !signalled && output.includes(whenOutput.contains)) {
        signalled = true;
        child.kill(whenOutput.send);
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

function withoutOtelVariables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('OTEL_')));
}

/** The OpenTelemetry SDK and exporter packages a service process held when it stopped, as its preload printed them. */
async function sdkPackagesOfReportService(env: Record<string, string>): Promise<string[]> {
  const { code, output } = await runService(
    'services/report',
    { PORT: '0', STORE: 'memory', EVENT_BUS: 'memory', ...env },
    { contains: 'rpc server listening', send: 'SIGTERM' },
    [`${root}/tools/launch/test/fixtures/print-loaded-packages.ts`],
  );
  expect(code, output).toBe(0);
  const listed = /^loaded packages: (.*)$/m.exec(output)?.[1];
  expect(listed, output).toBeDefined();
  const packages = JSON.parse(listed ?? '[]') as string[];
  // The API is always there (the trace context of the logs), which shows the list is read.
  expect(packages).toContain('@opentelemetry/api');
  return packages.filter((name) => /^@opentelemetry\/(sdk-|exporter-|otlp-|resources$)/.test(name));
}

describe('a service process', () => {
  it('loads no OpenTelemetry SDK without OTEL_EXPORTER_OTLP_ENDPOINT, and the SDK with its JSON exporter when it is set', async () => {
    expect(await sdkPackagesOfReportService({})).toEqual([]);
    const receiver = await startOtlpReceiver();
    try {
      const loaded = await sdkPackagesOfReportService({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
      expect(loaded).toContain('@opentelemetry/sdk-trace');
      expect(loaded).toContain('@opentelemetry/exporter-trace-otlp-http');
      expect(loaded).not.toContain('@opentelemetry/exporter-trace-otlp-proto');
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('stops at start naming OTEL_EXPORTER_OTLP_ENDPOINT when it is not an http(s) URL', async () => {
    const { code, output } = await runService('services/report', { PORT: '0', STORE: 'memory', EVENT_BUS: 'memory', OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' });
    expect(code).toBe(1);
    expect(output).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT: .*"collector:4318"/);
  });

  it('stops at start with exit code 1 and a message naming the variable when a setting is invalid', async () => {
    const { code, output } = await runService('services/report', { PORT: 'eighty', STORE: 'memory', EVENT_BUS: 'memory' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT: .*"eighty"/);
  });

  it('stops the gateway at start naming the secret a chosen provider needs', async () => {
    const { code, output } = await runService('gateway', { PORT: '0', HOST: '127.0.0.1', MAILER: 'dev-outbox', BOT_CHECK: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: '' });
    expect(code).toBe(1);
    expect(output).toContain('RECAPTCHA_SECRET: required when BOT_CHECK=recaptcha');
  });

  it('stops a gateway that would serve the dev outbox beyond loopback without the opt-in', async () => {
    const { code, output } = await runService('gateway', { PORT: '0', HOST: '0.0.0.0', MAILER: 'dev-outbox', SESSION_STORE: 'memory' });
    expect(code).toBe(1);
    expect(output).toContain('HOST: 0.0.0.0 is reachable from other machines, and MAILER=dev-outbox would show them every login link');
  });

  it('shuts down gracefully on SIGTERM and exits 0', async () => {
    const { code, output } = await runService(
      'services/notification',
      { PORT: '0', STORE: 'memory', EVENT_BUS: 'memory', LOG_LEVEL: 'info' },
      { contains: 'rpc server listening', send: 'SIGTERM' },
    );
    expect(code, output).toBe(0);
    const messages = output.split('\n').flatMap((line) => {
      try {
        return [(JSON.parse(line) as { msg: string }).msg];
      } catch {
        return [];
      }
    });
    expect(messages.slice(-2)).toEqual(['shutting down', 'shut down']);
  });
});
