import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';
import { freePort } from '../src/ports.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const silent = () => pino({ level: 'silent' });

/** An IPv4 address of this machine that is not loopback, when it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/** GET from a chosen local address, with a chosen Host header. */
function getFrom(localAddress: string, target: string, port: number, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: target, port, path, localAddress, headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the embedded default is reachable from this machine only', () => {
  let product: EmbeddedProduct | undefined;
  afterEach(async () => {
    await product?.close();
    product = undefined;
  });

  it('listens on 127.0.0.1 unless told otherwise', async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, loggerFor: silent });
    expect(product.host).toBe('127.0.0.1');
    expect(product.publicUrl).toBe(`http://localhost:${product.port}`);
    expect(await canConnect('127.0.0.1', product.port)).toBe(true);
    const outside = outsideAddress();
    if (outside) expect(await canConnect(outside, product.port)).toBe(false);
    else console.log('This machine has no non-loopback IPv4 address: only the loopback side of the bind was checked.');
  });

  it("serves the operator CLI of the member service GetMember alone: a member's name and email, never a login token", async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, operatorRpcPorts: { member: 0 }, loggerFor: silent });
    const bound = product.operatorRpc.member;
    expect(bound && 'port' in bound).toBe(true);
    const operatorMember = createClient(
      MemberService,
      createConnectTransport({ baseUrl: `http://127.0.0.1:${bound && 'port' in bound ? bound.port : 0}`, httpVersion: '2', useBinaryFormat: true }),
    );
    const { member } = await product.clients.member.ensureMember({ email: 'jo.doe@example.org' });

    expect((await operatorMember.getMember({ memberId: member!.memberId })).member?.email).toBe('jo.doe@example.org');
    const refused = await operatorMember.issueLoginToken({ email: 'jo.doe@example.org' }).then(
      () => undefined,
      (error: unknown) => ConnectError.from(error),
    );
    expect(refused?.code).toBe(Code.Unimplemented);
  });

  it('refuses to listen beyond loopback with its dev outbox unless the operator opts in', async () => {
    await expect(startEmbedded({ env: { PORT: '0', HOST: '0.0.0.0', STATIC_DIR: '/nonexistent' }, loggerFor: silent })).rejects.toThrow(/DEV_OUTBOX_ON_NETWORK/);
  });

  it('with the opt-in, serves the dev outbox to other machines only under a loopback name', async () => {
    const outside = outsideAddress();
    product = await startEmbedded({ env: { PORT: '0', HOST: '0.0.0.0', DEV_OUTBOX_ON_NETWORK: 'true', STATIC_DIR: '/nonexistent' }, loggerFor: silent });
    const from = outside ?? '127.0.0.1';
    expect(await getFrom(from, from, product.port, '/api/dev/outbox', `localhost:${product.port}`)).toBe(200);
    expect(await getFrom(from, from, product.port, '/api/dev/outbox', `${from}:${product.port}`)).toBe(404);
    expect(await getFrom(from, from, product.port, '/dev/outbox', `attacker.example:${product.port}`)).toBe(404);
  });
});

function runEmbedded(env: Record<string, string>, until: (output: string) => boolean): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/launch/src/main-embedded.ts'], {
      cwd: root,
      env: { ...process.env, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (until(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start', () => {
  it('says where it listens, that it keeps everything in memory, and where the dev outbox is', async () => {
    const port = await freePort();
    const [billingPort, insightsPort, memberPort] = [await freePort(), await freePort(), await freePort()];
    const { output } = await runEmbedded(
      { PORT: String(port), OPERATOR_RPC_PORT: String(billingPort), OPERATOR_INSIGHTS_RPC_PORT: String(insightsPort), OPERATOR_MEMBER_RPC_PORT: String(memberPort) },
      (text) => text.includes('npm run operator'),
    );
    expect(output).toContain(`Swarm Alert is running at http://localhost:${port}`);
    expect(output).toContain(`Operator CLI (association-billing): 127.0.0.1:${billingPort}.`);
    expect(output).toContain(`Operator CLI (insights): 127.0.0.1:${insightsPort}.`);
    expect(output).toContain(`Operator CLI (member): 127.0.0.1:${memberPort}.`);
    expect(output).toContain(
      `Run it against this product with: ASSOCIATION_BILLING_SERVICE_URL=http://127.0.0.1:${billingPort} INSIGHTS_SERVICE_URL=http://127.0.0.1:${insightsPort} MEMBER_SERVICE_URL=http://127.0.0.1:${memberPort} npm run operator -- …`,
    );
    expect(output).toContain(`Listening on 127.0.0.1:${port} — this machine only.`);
    expect(output).toContain('Everything is kept in memory: reports, members, associations and balances are lost when it stops.');
    expect(output).toContain(`read them at http://localhost:${port}/dev/outbox`);
    expect(output).not.toContain('WARNING');
  });

  it('writes its logs as JSON lines, the request lines at info, when stdout is not a terminal', async () => {
    const port = await freePort();
    let asked = false;
    const { output } = await runEmbedded({ PORT: String(port), LOG_LEVEL: 'info', OPERATOR_RPC_PORT: '0', OPERATOR_INSIGHTS_RPC_PORT: '0', OPERATOR_MEMBER_RPC_PORT: '0' }, (text) => {
      if (!asked && text.includes('npm run operator')) {
        asked = true;
        void fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.body?.cancel());
      }
      return text.includes('request completed');
    });
    const logLines = output.split('\n').filter((line) => line.startsWith('{'));
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'info', service: 'swarm-alert', msg: 'Swarm Alert is running' }));
    expect(logged).toContainEqual(expect.objectContaining({ level: 'info', service: 'gateway', msg: 'request completed' }));
    // Nothing in the readable format a terminal gets: '[12:00:00.000] INFO: gateway: …'.
    expect(output).not.toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] /m);
  });

  it('picks free operator ports when told 0, and says which', async () => {
    const { output } = await runEmbedded({ PORT: String(await freePort()), OPERATOR_RPC_PORT: '0', OPERATOR_INSIGHTS_RPC_PORT: '0', OPERATOR_MEMBER_RPC_PORT: '0' }, (text) => text.includes('npm run operator'));
    const billingPort = Number(/Operator CLI \(association-billing\): 127\.0\.0\.1:(\d+)\./.exec(output)?.[1]);
    const insightsPort = Number(/Operator CLI \(insights\): 127\.0\.0\.1:(\d+)\./.exec(output)?.[1]);
    expect(billingPort).toBeGreaterThan(0);
    expect(insightsPort).toBeGreaterThan(0);
    expect(billingPort).not.toBe(insightsPort);
    expect(output).toContain(`ASSOCIATION_BILLING_SERVICE_URL=http://127.0.0.1:${billingPort}`);
  });

  it('beside another product holding its operator port, still starts and says the CLI cannot reach it', async () => {
    const taken = await freePort();
    const first = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, operatorRpcPorts: { 'association-billing': taken }, loggerFor: silent });
    try {
      expect(first.operatorRpc).toEqual({ 'association-billing': { port: taken } });
      const { output } = await runEmbedded({ PORT: String(await freePort()), OPERATOR_RPC_PORT: String(taken), OPERATOR_INSIGHTS_RPC_PORT: '0', OPERATOR_MEMBER_RPC_PORT: '0' }, (text) =>
        text.includes('npm run operator'),
      );
      expect(output).toContain(`WARNING: port ${taken} for the operator CLI (association-billing) is taken, perhaps by another Swarm Alert`);
      expect(output).toContain('Set OPERATOR_RPC_PORT (0 picks a free port).');
    } finally {
      await first.close();
    }
  });

  it('stops with a message naming HOST and the opt-in when asked to listen beyond loopback', async () => {
    const { code, output } = await runEmbedded({ PORT: String(await freePort()), HOST: '0.0.0.0' }, () => false);
    expect(code).toBe(1);
    expect(output).toContain('HOST: 0.0.0.0 is reachable from other machines');
    expect(output).toContain('DEV_OUTBOX_ON_NETWORK=true');
  });

  it('warns in the banner when the operator opted in', async () => {
    const port = await freePort();
    const { output } = await runEmbedded(
      { PORT: String(port), HOST: '0.0.0.0', DEV_OUTBOX_ON_NETWORK: 'true', OPERATOR_RPC_PORT: String(await freePort()), OPERATOR_INSIGHTS_RPC_PORT: String(await freePort()), OPERATOR_MEMBER_RPC_PORT: String(await freePort()) },
      (text) => text.includes('login links.'),
    );
    expect(output).toContain(`Listening on 0.0.0.0:${port} — reachable from other machines.`);
    expect(output).toContain('WARNING: DEV_OUTBOX_ON_NETWORK=true: any machine that reaches this port can read the dev outbox and its login links.');
  });
});
