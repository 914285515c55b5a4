import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const gatewayDir = fileURLToPath(new URL('..', import.meta.url));

function runGateway(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const inherited = { ...process.env };
    delete inherited.SMTP_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: gatewayDir,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// Starting a process through tsx takes a few seconds on a busy machine.
describe('the gateway process', { timeout: 30_000 }, () => {
  it('refuses to start sending email by SMTP without SMTP_URL, naming the variable', async () => {
    const { code, output } = await runGateway({ PORT: '0', MAILER: 'smtp', SESSION_STORE: 'memory' });
    expect(code).toBe(1);
    expect(output).toContain('SMTP_URL: required when MAILER=smtp');
  });

  it('refuses a PUBLIC_URL that is not a URL', async () => {
    const { code, output } = await runGateway({ PORT: '0', MAILER: 'dev-outbox', SESSION_STORE: 'memory', PUBLIC_URL: 'swarm.example.org' });
    expect(code).toBe(1);
    expect(output).toMatch(/PUBLIC_URL: .*"swarm\.example\.org"/);
  });
});
