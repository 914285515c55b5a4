import { parseArgs } from 'node:util';
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import {
  LedgerEntryKind,
  MembershipStatus,
  type AssociationBillingService,
  type LedgerEntry,
  type Membership,
} from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import type { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { AmountError, formatCents, parseAmountToCents, parseSignedAmountToCents } from './amount.js';
import { parseUtcDay } from '@swarm/proto/views/association-statistics';
import { cellsGeoJson, reportsCsv } from './exports.js';
import { formatStatisticsTable, statisticsReport } from './statistics.js';

export const EXIT_OK = 0;
/** The service refused the request or could not be reached. */
export const EXIT_FAILED = 1;
/** The command line itself was wrong; nothing was sent. */
export const EXIT_USAGE = 2;

const MIN_TOP_UP_CENTS = 1001;

export const USAGE = `Usage: npm run operator -- <command> [arguments] [options]

Manages associations and their prepaid alert balance through the association-billing service
(ASSOCIATION_BILLING_SERVICE_URL, default http://127.0.0.1:8083); stats also asks the insights service
(INSIGHTS_SERVICE_URL, default http://127.0.0.1:8085) for the figures, as do export-csv and export-geojson, and list-members the member service
(MEMBER_SERVICE_URL, default http://127.0.0.1:8082) for names and emails.

Commands:
  create-association --name <name> [--donation-url <url>] [--admin-email <email>]
                                          Create an association; prints its company id.
  set-admin-email <companyId> <email>     Where low-balance notices for the association go.
  issue-code <companyId>                  Issue a new 8-character activation code for members to join with.
  top-up <companyId> <amount> [--top-up-id <id>] [--note <text>]
                                          Add funds: more than $10.00. Amounts in dollars (25, 25.50, $25.50)
                                          or in cents with a c suffix (2550c). Giving the same --top-up-id
                                          again (e.g. the invoice number) never adds the money twice.
  adjust <companyId> <amount> --note <why> [--adjustment-id <id>]
                                          Correct the balance; a negative amount (-5, -$5.00, -500c) takes
                                          money away, never below zero. Recorded as an adjustment entry.
  balance <companyId>                     Show the balance and the low-balance threshold.
  ledger <companyId>                      List every ledger entry with the running balance; an alert charge
                                          or refund names its report, member and channel (SMS, push, email).
  list-members <companyId>                List the association's members: id, name, email, status, admin flag
                                          and the day they joined.
  deactivate-member <companyId> <memberId>
                                          Set a membership inactive ('i'): no alerts until the member enters
                                          an activation code again.
  make-admin <companyId> <memberId>       Make the member an admin of the association.
  revoke-admin <companyId> <memberId>     Take the member's admin right away (they stay a member): the
                                          association's statistics are refused to them from then on.
  stats <companyId> [--since <YYYY-MM-DD>] [--json]
                                          The association's statistics per week (Monday 00:00 UTC) and in
                                          total, from --since (default: this week and the 11 before it) up
                                          to now: reports alerted and claimed, minutes to the first claim,
                                          outcomes, expired, alerts sent and their cost. --json prints them
                                          as JSON (ISO dates, cents, minutes or null).
  export-csv <companyId> [--since <YYYY-MM-DD>] [--until <YYYY-MM-DD>]
                                          The association's reports in the period (default: this week and
                                          the 11 before it, up to now) as CSV on standard output, one row
                                          each: dates, H3 cell, size, height, minutes to claim, outcome,
                                          channels, alerts and cost. Nothing of the reporter's.
  export-geojson <companyId> [--since <YYYY-MM-DD>] [--until <YYYY-MM-DD>]
                                          The association's map cells in the period as GeoJSON on standard
                                          output: a hexagon per H3 cell with its reports, outcomes, unserved
                                          demand and claim times ('fewer than 3' below three).
  help                                    Show this help (also --help, -h).

Exit codes: 0 done, 1 refused by the service or service unreachable, 2 wrong command line.`;

export type CliOutput = { out: (line: string) => void; err: (line: string) => void };

/** The services the commands talk to. */
export type OperatorClients = {
  associationBilling: Client<typeof AssociationBillingService>;
  insights: Client<typeof InsightsService>;
  member: Client<typeof MemberService>;
};

type ServiceName = 'association-billing' | 'insights' | 'member';

class UsageError extends Error {}

/** A failure of a call to another service than the command's own, described with that service's name. */
class ServiceFailure extends Error {
  constructor(
    readonly service: ServiceName,
    override readonly cause: unknown,
  ) {
    super(`call to ${service} failed`);
  }
}

type CommandSpec = {
  positionals: string[];
  options?: Record<string, { type: 'string' | 'boolean' }>;
  /** The service the command calls; named when it cannot be reached. Association-billing when not given. */
  service?: ServiceName;
  /** `options` holds the string options given, `flags` the boolean ones. */
  run: (clients: OperatorClients, args: string[], options: Record<string, string | undefined>, output: CliOutput, flags: ReadonlySet<string>) => Promise<void>;
};

const commands: Record<string, CommandSpec> = {
  'create-association': {
    positionals: [],
    options: { name: { type: 'string' }, 'donation-url': { type: 'string' }, 'admin-email': { type: 'string' } },
    run: async ({ associationBilling: client }, _args, options, { out }) => {
      if (!options.name?.trim()) throw new UsageError('create-association needs --name <name>');
      const { association } = await client.createAssociation({
        companyName: options.name,
        donationUrl: options['donation-url'] ?? '',
        adminContactEmail: options['admin-email'] ?? '',
      });
      out(`Created association ${association?.companyName} with company id ${association?.companyId}`);
    },
  },
  'set-admin-email': {
    positionals: ['companyId', 'email'],
    run: async ({ associationBilling: client }, [companyId, email], _options, { out }) => {
      await client.setAdminContactEmail({ companyId: companyId!, adminContactEmail: email! });
      out(`Low-balance notices for ${companyId} now go to ${email}`);
    },
  },
  'issue-code': {
    positionals: ['companyId'],
    run: async ({ associationBilling: client }, [companyId], _options, { out }) => {
      const { activationCode } = await client.issueActivationCode({ companyId: companyId! });
      out(`Activation code for ${companyId}: ${activationCode}`);
    },
  },
  'top-up': {
    positionals: ['companyId', 'amount'],
    options: { 'top-up-id': { type: 'string' }, note: { type: 'string' } },
    run: async ({ associationBilling: client }, [companyId, amount], options, { out }) => {
      let cents: number;
      try {
        cents = parseAmountToCents(amount!);
      } catch (error) {
        if (error instanceof AmountError) throw new UsageError(error.message);
        throw error;
      }
      if (cents < MIN_TOP_UP_CENTS) throw new UsageError(`A top-up must be greater than $10.00; ${formatCents(cents)} is not.`);
      const result = await client.topUp({ companyId: companyId!, amountCents: cents, topUpId: options['top-up-id'] ?? '', note: options.note ?? '' });
      out(
        result.replayed
          ? `Top-up ${options['top-up-id']} was already recorded; nothing added. Balance: ${formatCents(result.balanceCents)}`
          : `Added ${formatCents(cents)} to ${companyId}. Balance: ${formatCents(result.balanceCents)}`,
      );
    },
  },
  adjust: {
    positionals: ['companyId', 'amount'],
    options: { 'adjustment-id': { type: 'string' }, note: { type: 'string' } },
    run: async ({ associationBilling: client }, [companyId, amount], options, { out }) => {
      if (!options.note?.trim()) throw new UsageError('adjust needs --note <why>');
      let cents: number;
      try {
        cents = parseSignedAmountToCents(amount!);
      } catch (error) {
        if (error instanceof AmountError) throw new UsageError(error.message);
        throw error;
      }
      if (cents === 0) throw new UsageError('An adjustment of $0.00 changes nothing.');
      const result = await client.adjustBalance({ companyId: companyId!, amountCents: cents, adjustmentId: options['adjustment-id'] ?? '', note: options.note });
      out(
        result.replayed
          ? `Adjustment ${options['adjustment-id']} was already recorded; nothing changed. Balance: ${formatCents(result.balanceCents)}`
          : `Adjusted ${companyId} by ${formatCents(cents)}. Balance: ${formatCents(result.balanceCents)}`,
      );
    },
  },
  balance: {
    positionals: ['companyId'],
    run: async ({ associationBilling: client }, [companyId], _options, { out }) => {
      const { balanceCents, lowBalanceThresholdCents } = await client.getBalance({ companyId: companyId! });
      const low = balanceCents < lowBalanceThresholdCents ? ' (low)' : '';
      out(`Balance of ${companyId}: ${formatCents(balanceCents)}${low}; low-balance threshold ${formatCents(lowBalanceThresholdCents)}`);
    },
  },
  ledger: {
    positionals: ['companyId'],
    run: async ({ associationBilling: client }, [companyId], _options, { out }) => {
      const { entries } = await client.listLedgerEntries({ companyId: companyId! });
      if (entries.length === 0) {
        out(`No ledger entries for ${companyId}.`);
        return;
      }
      let balance = 0;
      out(['Date (UTC)', 'Kind', 'Amount', 'Balance', 'Details'].join('\t'));
      for (const entry of entries) {
        balance += entry.amountCents;
        out([dateOf(entry.createdAt), kindNames[entry.kind] ?? 'unknown', formatCents(entry.amountCents), formatCents(balance), ledgerDetails(entry)].join('\t'));
      }
    },
  },
  'list-members': {
    positionals: ['companyId'],
    run: async ({ associationBilling: client, member }, [companyId], _options, { out }) => {
      const { memberships } = await client.listAssociationMembers({ companyId: companyId! });
      if (memberships.length === 0) {
        out(`No members in ${companyId}.`);
        return;
      }
      const contacts = await contactsOf(
        member,
        memberships.map((membership) => membership.memberId),
      ).catch((error: unknown) => {
        throw new ServiceFailure('member', error);
      });
      out(['Member id', 'Name', 'Email', 'Status', 'Admin', 'Joined (UTC)'].join('\t'));
      for (const membership of memberships) out(membershipLine(membership, contacts.get(membership.memberId)));
    },
  },
  'deactivate-member': {
    positionals: ['companyId', 'memberId'],
    run: async ({ associationBilling: client }, [companyId, memberId], _options, { out }) => {
      await client.deactivateMembership({ companyId: companyId!, memberId: memberId! });
      out(`Member ${memberId} is now inactive (i) in ${companyId}; they reactivate with an activation code.`);
    },
  },
  'make-admin': {
    positionals: ['companyId', 'memberId'],
    run: async ({ associationBilling: client }, [companyId, memberId], _options, { out }) => {
      await client.makeAdmin({ companyId: companyId!, memberId: memberId! });
      out(`Member ${memberId} is now an admin of ${companyId}.`);
    },
  },
  'revoke-admin': {
    positionals: ['companyId', 'memberId'],
    run: async ({ associationBilling: client }, [companyId, memberId], _options, { out }) => {
      const { wasAdmin } = await client.revokeAdmin({ companyId: companyId!, memberId: memberId! });
      out(
        wasAdmin
          ? `Member ${memberId} is no longer an admin of ${companyId}; they stay a member.`
          : `Member ${memberId} was not an admin of ${companyId}; nothing changed.`,
      );
    },
  },
  stats: {
    positionals: ['companyId'],
    options: { since: { type: 'string' }, json: { type: 'boolean' } },
    service: 'insights',
    run: async ({ associationBilling, insights }, [companyId], options, { out }, flags) => {
      // The insights service fills in and judges the period: without --since, this week and the 11 before it.
      let since: Date | undefined;
      if (options.since !== undefined) {
        since = parseUtcDay(options.since.trim());
        if (!since) throw new UsageError(`--since must be a day written YYYY-MM-DD, got '${options.since}'`);
      }
      // The insights service counts what it saw and answers zeros for a company it never heard of: only
      // association-billing knows which companies exist, so a mistyped id is refused as balance refuses it.
      await associationBilling.getAssociation({ companyId: companyId! }).catch((error: unknown) => {
        throw new ServiceFailure('association-billing', error);
      });
      const answer = await insights.getAssociationStatistics({ companyId: companyId!, since: since && timestampFromDate(since) });
      const report = statisticsReport(companyId!, answer);
      if (flags.has('json')) out(JSON.stringify(report, null, 2));
      else for (const line of formatStatisticsTable(report)) out(line);
    },
  },
  'export-csv': {
    positionals: ['companyId'],
    options: { since: { type: 'string' }, until: { type: 'string' } },
    service: 'insights',
    run: async (clients, [companyId], options, { out }) => {
      const period = exportPeriod(options);
      await requireAssociation(clients, companyId!);
      const answer = await clients.insights.listAssociationReports({ companyId: companyId!, ...period });
      // One line per out(): the CSV's own CRLF line ends become the terminal's.
      for (const line of reportsCsv(answer).split('\r\n').slice(0, -1)) out(line);
    },
  },
  'export-geojson': {
    positionals: ['companyId'],
    options: { since: { type: 'string' }, until: { type: 'string' } },
    service: 'insights',
    run: async (clients, [companyId], options, { out }) => {
      const period = exportPeriod(options);
      await requireAssociation(clients, companyId!);
      const answer = await clients.insights.getAssociationMap({ companyId: companyId!, ...period });
      out(JSON.stringify(cellsGeoJson(companyId!, answer), null, 2));
    },
  },
};

function dayOption(options: Record<string, string | undefined>, name: 'since' | 'until'): Date | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  const day = parseUtcDay(value.trim());
  if (!day) throw new UsageError(`--${name} must be a day written YYYY-MM-DD, got '${value}'`);
  return day;
}

/** --since from the start of its day, --until through the end of its day (as the site's period); absent: the service's default. */
function exportPeriod(options: Record<string, string | undefined>): { since?: Timestamp; until?: Timestamp } {
  const since = dayOption(options, 'since');
  const until = dayOption(options, 'until');
  return {
    ...(since ? { since: timestampFromDate(since) } : {}),
    ...(until ? { until: timestampFromDate(new Date(until.getTime() + 86_400_000)) } : {}),
  };
}

/** The insights service answers nothing for a company it never heard of: association-billing says whether it exists. */
async function requireAssociation({ associationBilling }: OperatorClients, companyId: string): Promise<void> {
  await associationBilling.getAssociation({ companyId }).catch((error: unknown) => {
    throw new ServiceFailure('association-billing', error);
  });
}

const kindNames: Partial<Record<LedgerEntryKind, string>> = {
  [LedgerEntryKind.TOP_UP]: 'top-up',
  [LedgerEntryKind.ALERT_CHARGE]: 'alert charge',
  [LedgerEntryKind.ALERT_REFUND]: 'alert refund',
  [LedgerEntryKind.ADJUSTMENT]: 'adjustment',
};

const channelNames: Partial<Record<AlertChannel, string>> = {
  [AlertChannel.SMS]: 'SMS',
  [AlertChannel.PUSH]: 'push',
  [AlertChannel.EMAIL]: 'email',
};

function ledgerDetails(entry: LedgerEntry): string {
  // A service from before channels sends none: its alerts were all texts.
  const channel = entry.channel === AlertChannel.UNSPECIFIED ? 'SMS' : (channelNames[entry.channel] ?? 'unknown channel');
  const alert = `report ${entry.reportId}, member ${entry.memberId}, by ${channel}`;
  if (entry.kind === LedgerEntryKind.ALERT_CHARGE) return alert;
  if (entry.kind === LedgerEntryKind.ALERT_REFUND) return `${alert}: ${entry.note}`;
  return entry.note;
}

function dateOf(timestamp: Timestamp | undefined): string {
  return timestamp ? timestampDate(timestamp).toISOString().replace('T', ' ').slice(0, 19) : '';
}

type Contact = { name: string; email: string };

/** At most this many GetMember calls in flight: an association's list is read in a few round trips, not hundreds at once. */
const CONTACT_LOOKUPS_IN_FLIGHT = 8;
/** Where a member service holds no member for a membership's id (an account being deleted). */
const NO_MEMBER_RECORD: Contact = { name: '(no member record)', email: '' };

/** Each member's name and email, from the member service: association-billing knows members by id only. */
async function contactsOf(member: Client<typeof MemberService>, memberIds: readonly string[]): Promise<Map<string, Contact>> {
  const contacts = new Map<string, Contact>();
  for (let start = 0; start < memberIds.length; start += CONTACT_LOOKUPS_IN_FLIGHT) {
    await Promise.all(
      memberIds.slice(start, start + CONTACT_LOOKUPS_IN_FLIGHT).map(async (memberId) => {
        const found = await member.getMember({ memberId }).catch((error: unknown) => {
          if (error instanceof ConnectError && error.code === Code.NotFound) return undefined;
          throw error;
        });
        contacts.set(memberId, found?.member ? { name: found.member.name, email: found.member.email } : NO_MEMBER_RECORD);
      }),
    );
  }
  return contacts;
}

function membershipLine(membership: Membership, contact: Contact = NO_MEMBER_RECORD): string {
  const status = membership.status === MembershipStatus.INACTIVE ? 'inactive (i)' : 'active';
  return [membership.memberId, contact.name, contact.email, status, membership.isAdmin ? 'admin' : '', dateOf(membership.dateJoined)].join('\t');
}

/** Runs one operator command; returns the process exit code. Never throws. */
export async function runOperatorCli(argv: string[], clients: OperatorClients, output: CliOutput): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    output.out(USAGE);
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const command = commands[name];
  if (!command) {
    output.err(`Unknown command '${name}'. Run with --help to see the commands.`);
    return EXIT_USAGE;
  }
  try {
    if (rest.includes('--help') || rest.includes('-h')) {
      output.out(USAGE);
      return EXIT_OK;
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      // A negative amount ('-5', '-$5') is an argument, not an option: hide it from parseArgs behind `--`.
      const negative = rest.filter((arg) => /^-[$\d.]/.test(arg));
      const args = [...rest.filter((arg) => !negative.includes(arg)), ...(negative.length > 0 ? ['--', ...negative] : [])];
      parsed = parseArgs({ args, options: command.options ?? {}, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError(`${name}: ${(error as Error).message}`);
    }
    const positionals = parsed.positionals.map((value) => value.trim());
    if (positionals.length !== command.positionals.length || positionals.some((value) => !value)) {
      const expected = command.positionals.map((label) => `<${label}>`).join(' ');
      throw new UsageError(`${name} takes ${expected || 'no arguments'}${positionals.length ? `, got: ${positionals.join(' ')}` : ''}`);
    }
    const values = Object.entries(parsed.values);
    const options = Object.fromEntries(values.filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    const flags = new Set(values.filter(([, value]) => value === true).map(([option]) => option));
    await command.run(clients, positionals, options, output, flags);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`Error: ${error.message}`);
      return EXIT_USAGE;
    }
    const failure = error instanceof ServiceFailure ? describeFailure(error.cause, error.service) : describeFailure(error, command.service ?? 'association-billing');
    output.err(`Error: ${failure}`);
    return EXIT_FAILED;
  }
}

function describeFailure(error: unknown, service: ServiceName): string {
  if (error instanceof ConnectError) {
    if (error.rawMessage === 'association not found') return 'No association has that company id.';
    if (error.rawMessage === 'membership not found') return 'That member is not in this association.';
    if (error.code === Code.FailedPrecondition && error.rawMessage.includes('below zero')) return `Refused: ${error.rawMessage}.`;
    if (error.code === Code.Unavailable) return `the ${service} service is not reachable (${error.rawMessage})`;
    return error.rawMessage;
  }
  return error instanceof Error ? error.message : String(error);
}
