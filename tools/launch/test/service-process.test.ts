import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function runService(workspace: string, env: Record<string, string>, whenOutput?: { contains: string; send: NodeJS.Signals }) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: `${root}/${workspace}`,
      env: { ...process.env, ...env },
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

describe('a service process', () => {
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
