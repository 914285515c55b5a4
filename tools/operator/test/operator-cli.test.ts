import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Code, ConnectError, createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { buildAssociationBillingService, memoryAssociationBillingStores } from '@swarm/association-billing-service';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { HealthRegistry, LogMailer, secureRandomBelow, startRpcServer, systemClock, uuidIds, type RpcServer } from '@swarm/runtime';
import { testLogger, unreachableUrl } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, runOperatorCli } from '../src/cli.js';

const operatorDir = fileURLToPath(new URL('..', import.meta.url));

/** The members the member service knows, by id: two share a first name, one has given no name yet. */
const knownMembers: Record<string, { name: string; email: string }> = {
  'member-1': { name: 'Jo Doe', email: 'jo.doe@example.org' },
  'member-2': { name: 'Jo Smith', email: 'jo.smith@example.org' },
  'member-3': { name: '', email: 'new.keeper@example.org' },
};

/** A member service answering GetMember from knownMembers, NOT_FOUND for any other id, as the real one does. */
const memberService = createClient(
  MemberService,
  createRouterTransport((router) =>
    router.service(MemberService, {
      getMember: ({ memberId }) => {
        const known = knownMembers[memberId];
        if (!known) throw new ConnectError('member not found', Code.NotFound);
        return { member: { memberId, ...known } };
      },
    }),
  ),
);

describe('operator CLI against the association-billing service over HTTP/2', () => {
  let server: RpcServer;
  let serviceUrl: string;
  let client: Client<typeof AssociationBillingService>;

  beforeAll(async () => {
    const logger = testLogger();
    const service = buildAssociationBillingService({
      ...memoryAssociationBillingStores(),
      mailer: new LogMailer(logger),
      log: logger,
      clock: systemClock,
      ids: uuidIds,
      randomBelow: secureRandomBelow,
      lowBalanceThresholdCents: 500,
      // Email priced so that its charges and refunds show in the ledger; a free channel records no line.
      alertPrices: { sms: 7, push: 0, email: 2 },
    });
    server = await startRpcServer({ port: 0, host: '127.0.0.1', routes: service.routes, health: new HealthRegistry(), logger, graceMs: 100 });
    serviceUrl = `http://127.0.0.1:${server.port}`;
    client = createClient(AssociationBillingService, createConnectTransport({ baseUrl: serviceUrl, httpVersion: '2', useBinaryFormat: true }));
  });
  afterAll(async () => {
    await server.close();
  });

  async function run(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    // These commands never reach the insights service (stats has its own tests).
    const insights = createClient(InsightsService, createRouterTransport(() => undefined));
    const code = await runOperatorCli(argv, { associationBilling: client, insights, member: memberService }, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  async function createAssociation(name = 'Springfield Beekeepers'): Promise<string> {
    const created = await run('create-association', '--name', name, '--admin-email', 'admin@bees.example.org');
    expect(created.code).toBe(EXIT_OK);
    const companyId = /company id (\S+)$/.exec(created.out)?.[1];
    expect(companyId).toBeDefined();
    return companyId!;
  }

  it('creates an association, issues a code a member joins with, and lists the member', async () => {
    const companyId = await createAssociation();
    expect((await client.getAssociation({ companyId })).adminContactEmail).toBe('admin@bees.example.org');

    const issued = await run('issue-code', companyId);
    expect(issued.code).toBe(EXIT_OK);
    const code = /: ([A-Z0-9]{8})$/.exec(issued.out)?.[1];
    expect(code).toBeDefined();
    await client.joinAssociation({ memberId: 'member-1', activationCode: code! });

    const listed = await run('list-members', companyId);
    expect(listed.code).toBe(EXIT_OK);
    expect(listed.out).toMatch(/^member-1\tJo Doe\tjo\.doe@example\.org\tactive\t\t\d{4}-/m);
  });

  it('lists the members with their names and emails, so two of the same first name are told apart', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    for (const memberId of ['member-1', 'member-2', 'member-3', 'member-gone']) await client.joinAssociation({ memberId, activationCode });

    const listed = await run('list-members', companyId);

    expect(listed.code).toBe(EXIT_OK);
    const rows = listed.out.split('\n').map((line) => line.split('\t'));
    expect(rows[0]).toEqual(['Member id', 'Name', 'Email', 'Status', 'Admin', 'Joined (UTC)']);
    expect(rows.slice(1).map((row) => row.slice(0, 4))).toEqual([
      ['member-1', 'Jo Doe', 'jo.doe@example.org', 'active'],
      ['member-2', 'Jo Smith', 'jo.smith@example.org', 'active'],
      ['member-3', '', 'new.keeper@example.org', 'active'],
      // A membership whose member the member service no longer holds (an account being deleted).
      ['member-gone', '(no member record)', '', 'active'],
    ]);
  });

  it('names the member service when list-members cannot reach it, with exit code 1', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    const unreachable = createClient(MemberService, createConnectTransport({ baseUrl: await unreachableUrl(), httpVersion: '2' }));
    const insights = createClient(InsightsService, createRouterTransport(() => undefined));
    const err: string[] = [];

    const code = await runOperatorCli(['list-members', companyId], { associationBilling: client, insights, member: unreachable }, { out: () => undefined, err: (line) => err.push(line) });

    expect(code).toBe(EXIT_FAILED);
    expect(err.join('\n')).toMatch(/^Error: the member service is not reachable/);
  });

  it('tops up in dollars or cents, shows the balance and the ledger with a running balance', async () => {
    const companyId = await createAssociation();
    expect(await run('top-up', companyId, '$12.50')).toMatchObject({ code: EXIT_OK, out: `Added $12.50 to ${companyId}. Balance: $12.50` });
    expect(await run('top-up', companyId, '1001c', '--note', 'cheque 42')).toMatchObject({ code: EXIT_OK, out: `Added $10.01 to ${companyId}. Balance: $22.51` });

    expect(await run('balance', companyId)).toEqual({ code: EXIT_OK, out: `Balance of ${companyId}: $22.51; low-balance threshold $5.00`, err: '' });
    const ledger = await run('ledger', companyId);
    expect(ledger.code).toBe(EXIT_OK);
    const lines = ledger.out.split('\n');
    expect(lines[0]).toBe('Date (UTC)\tKind\tAmount\tBalance\tDetails');
    expect(lines.slice(1).map((line) => line.split('\t').slice(1))).toEqual([
      ['top-up', '$12.50', '$12.50', ''],
      ['top-up', '$10.01', '$22.51', 'cheque 42'],
    ]);
  });

  it('prints an alert refund in the ledger with its alert and reason', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    await run('top-up', companyId, '20');
    await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId });
    await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', reason: 'provider refused the number' });

    const ledger = await run('ledger', companyId);
    expect(ledger.code).toBe(EXIT_OK);
    expect(ledger.out.split('\n').slice(1).map((line) => line.split('\t').slice(1))).toEqual([
      ['top-up', '$20.00', '$20.00', ''],
      ['alert charge', '-$0.07', '$19.93', 'report report-1, member member-1, by SMS'],
      ['alert refund', '$0.07', '$20.00', 'report report-1, member member-1, by SMS: provider refused the number'],
    ]);
  });

  it('names the channel of each alert charge and refund in the ledger', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    await run('top-up', companyId, '20');
    await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel: AlertChannel.SMS });
    await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel: AlertChannel.EMAIL });
    await client.refundAlert({ reportId: 'report-1', memberId: 'member-1', channel: AlertChannel.EMAIL, reason: 'mailbox full' });

    const ledger = await run('ledger', companyId);
    expect(ledger.out.split('\n').slice(1).map((line) => line.split('\t').slice(1))).toEqual([
      ['top-up', '$20.00', '$20.00', ''],
      ['alert charge', '-$0.07', '$19.93', 'report report-1, member member-1, by SMS'],
      ['alert charge', '-$0.02', '$19.91', 'report report-1, member member-1, by email'],
      ['alert refund', '$0.02', '$19.93', 'report report-1, member member-1, by email: mailbox full'],
    ]);
  });

  it('adds a top-up given twice with the same top-up id once', async () => {
    const companyId = await createAssociation();
    await run('top-up', companyId, '20', '--top-up-id', 'invoice-9');
    const again = await run('top-up', companyId, '20', '--top-up-id', 'invoice-9');
    expect(again).toMatchObject({ code: EXIT_OK, out: 'Top-up invoice-9 was already recorded; nothing added. Balance: $20.00' });
  });

  it('refuses a top-up of $10.00 or an unreadable amount before calling the service', async () => {
    const companyId = await createAssociation();
    expect(await run('top-up', companyId, '10')).toEqual({ code: EXIT_USAGE, out: '', err: 'Error: A top-up must be greater than $10.00; $10.00 is not.' });
    const unreadable = await run('top-up', companyId, 'ten dollars');
    expect(unreadable.code).toBe(EXIT_USAGE);
    expect(unreadable.err).toContain('write dollars like 25, 25.50 or $25.50, or cents like 2550c');
    expect((await client.getBalance({ companyId })).balanceCents).toBe(0);
  });

  it('adjusts the balance down and up with a note, refusing to go below zero', async () => {
    const companyId = await createAssociation();
    await run('top-up', companyId, '20');
    expect(await run('adjust', companyId, '-$5', '--note', 'duplicate cheque')).toMatchObject({ code: EXIT_OK, out: `Adjusted ${companyId} by -$5.00. Balance: $15.00` });
    expect(await run('adjust', companyId, '3c', '--note', 'rounding')).toMatchObject({ code: EXIT_OK, out: `Adjusted ${companyId} by $0.03. Balance: $15.03` });
    const overdrawn = await run('adjust', companyId, '-16', '--note', 'too much');
    expect(overdrawn.code).toBe(EXIT_FAILED);
    expect(overdrawn.err).toMatch(/^Error: Refused: the balance is 1503 cents; an adjustment cannot take it below zero\.$/);
    expect(await run('adjust', companyId, '-1')).toMatchObject({ code: EXIT_USAGE, err: 'Error: adjust needs --note <why>' });
    expect((await run('ledger', companyId)).out.split('\n').slice(1).map((line) => line.split('\t')[1])).toEqual(['top-up', 'adjustment', 'adjustment']);
  });

  it('replays an adjustment sent again with its adjustment id, and refuses the id reused for another adjustment', async () => {
    const companyId = await createAssociation();
    await run('top-up', companyId, '20');
    expect(await run('adjust', companyId, '-5', '--note', 'cheque bounced', '--adjustment-id', 'fix-1')).toMatchObject({ code: EXIT_OK });
    expect(await run('adjust', companyId, '-5', '--note', 'cheque bounced', '--adjustment-id', 'fix-1')).toMatchObject({
      code: EXIT_OK,
      out: 'Adjustment fix-1 was already recorded; nothing changed. Balance: $15.00',
    });
    for (const reuse of [
      ['-6', '--note', 'cheque bounced'],
      ['-5', '--note', 'a different reason'],
    ]) {
      expect(await run('adjust', companyId, ...reuse, '--adjustment-id', 'fix-1')).toEqual({
        code: EXIT_FAILED,
        out: '',
        err: 'Error: this adjustment id was already used for a different adjustment',
      });
    }
    expect(await run('balance', companyId)).toMatchObject({ out: `Balance of ${companyId}: $15.00; low-balance threshold $5.00` });
  });

  it('deactivates a member (status i) and makes a member an admin', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });
    await client.joinAssociation({ memberId: 'member-2', activationCode });

    expect((await run('deactivate-member', companyId, 'member-1')).code).toBe(EXIT_OK);
    expect((await run('make-admin', companyId, 'member-2')).code).toBe(EXIT_OK);
    const listed = (await run('list-members', companyId)).out;
    expect(listed).toMatch(/^member-1\tJo Doe\tjo\.doe@example\.org\tinactive \(i\)\t\t/m);
    expect(listed).toMatch(/^member-2\tJo Smith\tjo\.smith@example\.org\tactive\tadmin\t/m);
  });

  it('takes an admin right away and says so, and says when there was none to take', async () => {
    const companyId = await createAssociation();
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-2', activationCode });
    await run('make-admin', companyId, 'member-2');

    expect(await run('revoke-admin', companyId, 'member-2')).toEqual({
      code: EXIT_OK,
      out: `Member member-2 is no longer an admin of ${companyId}; they stay a member.`,
      err: '',
    });
    expect((await run('list-members', companyId)).out).toMatch(/^member-2\tJo Smith\tjo\.smith@example\.org\tactive\t\t/m);
    const { memberships } = await client.listAssociationMembers({ companyId });
    expect(memberships.map((membership) => [membership.memberId, membership.isAdmin])).toEqual([['member-2', false]]);
    expect(await run('revoke-admin', companyId, 'member-2')).toEqual({ code: EXIT_OK, out: `Member member-2 was not an admin of ${companyId}; nothing changed.`, err: '' });
  });

  it('says plainly when the company or the member does not exist, with exit code 1', async () => {
    expect(await run('balance', 'no-such-company')).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: No association has that company id.' });
    const companyId = await createAssociation();
    expect(await run('make-admin', companyId, 'stranger')).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: That member is not in this association.' });
    expect(await run('revoke-admin', 'no-such-company', 'member-1')).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: No association has that company id.' });
    expect(await run('revoke-admin', companyId, 'stranger')).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: That member is not in this association.' });
  });

  it('passes the service validation message through, with exit code 1', async () => {
    const result = await run('create-association', '--name', 'Bees', '--donation-url', 'ftp://example.org');
    expect(result).toEqual({ code: EXIT_FAILED, out: '', err: 'Error: Donation URL must be an absolute http or https URL' });
  });

  it.each([
    [['frobnicate'], "Unknown command 'frobnicate'. Run with --help to see the commands."],
    [['issue-code'], 'Error: issue-code takes <companyId>'],
    [['issue-code', 'a', 'b'], 'Error: issue-code takes <companyId>, got: a b'],
    [['revoke-admin', 'c-1'], 'Error: revoke-admin takes <companyId> <memberId>, got: c-1'],
    [['create-association'], 'Error: create-association needs --name <name>'],
    [['balance', 'c-1', '--colour', 'red'], "Error: balance: Unknown option '--colour'"],
  ])('refuses the command line %j with exit code 2', async (argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(EXIT_USAGE);
    expect(result.err).toContain(message);
  });

  it('prints the help for --help and for a command with --help', async () => {
    const help = await run('--help');
    expect(help.code).toBe(EXIT_OK);
    expect(help.out).toContain('Usage: npm run operator -- <command>');
    for (const command of ['create-association', 'issue-code', 'top-up', 'balance', 'ledger', 'deactivate-member', 'make-admin', 'revoke-admin', 'list-members']) {
      expect(help.out).toContain(command);
    }
    expect((await run('top-up', '--help')).code).toBe(EXIT_OK);
    expect((await run()).code).toBe(EXIT_USAGE);
  });

  it('runs as a process: reads ASSOCIATION_BILLING_SERVICE_URL and exits with the command outcome', async () => {
    const companyId = await createAssociation();
    const env = { ...process.env, ASSOCIATION_BILLING_SERVICE_URL: serviceUrl };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts', 'top-up', companyId, '15'], { cwd: operatorDir, env });
    expect(stdout).toBe(`Added $15.00 to ${companyId}. Balance: $15.00\n`);

    const failure = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/main.ts', 'balance', 'missing'], { cwd: operatorDir, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure).toMatchObject({ code: EXIT_FAILED, stderr: 'Error: No association has that company id.\n' });
  });

  it('runs as a process: every line of a long ledger reaches a pipe before the process exits', async () => {
    const companyId = await createAssociation();
    await client.topUp({ companyId, amountCents: 100_000 });
    const entries = 600;
    for (let index = 1; index < entries; index += 1) {
      await client.adjustBalance({ companyId, amountCents: 1, note: `correction ${index} ${'of a long-winded bookkeeping note '.repeat(10)}` });
    }
    // Well over a pipe's 64 KiB buffer, into a reader that pauses once the output has started (takes its first byte,
    // waits a second, then reads the rest), like `… | wc -l` on a busy machine.
    const env = { ...process.env, ASSOCIATION_BILLING_SERVICE_URL: serviceUrl };
    const { stdout } = await promisify(execFile)(
      'sh',
      ['-c', '"$0" --import tsx src/main.ts ledger "$1" | { dd bs=1 count=1 2>/dev/null; sleep 1; cat; }', process.execPath, companyId],
      { cwd: operatorDir, env, maxBuffer: 16 * 1024 * 1024 },
    );
    expect(stdout.length).toBeGreaterThan(200 * 1024);
    const lines = stdout.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1 + entries);
    expect(lines[1]).toMatch(/\ttop-up\t\$1000\.00\t\$1000\.00\t$/);
    expect(lines.at(-1)).toMatch(new RegExp(`\\tadjustment\\t\\$0\\.01\\t\\$1005\\.99\\tcorrection ${entries - 1} `));
  });
});
