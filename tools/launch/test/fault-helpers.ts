import type { Client } from '@connectrpc/connect';
import { LedgerEntryKind, type AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { waitUntil, type FakeTwilio } from '@swarm/testing';
import { expect } from 'vitest';
import type { Queue } from 'bullmq';
import type { Collection } from 'mongodb';
import type { NatsConnection } from 'nats';
import type { RunningStack } from '../src/stack.js';
import type { AlertJobData } from './product-harness.js';

/** What the fault-injection tests share: their clients, the careful kill of a notification process, and tallies. */

export type Attempt = { status: number | 'network-error'; at: number; gateway: string };
export type Submission = { idempotencyId: string; address: string; attempts: Attempt[]; reportId?: string; answer?: number };

/**
 * SIGKILLs a notification process inside an alert's send window: the Twilio-shaped server takes the next alert SMS and
 * holds its answer, the process dies waiting for it, and the answer goes to a dead connection. The job runs again
 * once its lock has expired (on another replica, if there is one), finds at the provider that the SMS was taken, and
 * records it without texting again; the jobs killed before or after their send are run again and must text and
 * charge once too.
 */
export async function killWhileTwilioHoldsAnAlert(stack: RunningStack, twilio: FakeTwilio, replica = 0): Promise<void> {
  twilio.hold = (request) => /reply with the code \d{5}/.test(request.form.get('Body') ?? '');
  try {
    await waitUntil(() => twilio.heldCount > 0, 30_000, 'an alert SMS held by the provider');
    await stack.kill('notification', 'SIGKILL', replica);
  } finally {
    twilio.hold = undefined;
    twilio.release();
  }
}

/** Per durable consumer (of one stream, or of every stream), the events not yet handed out or not yet acknowledged. */
export async function consumerBacklog(connection: NatsConnection, onlyStream?: string): Promise<Record<string, number>> {
  const manager = await connection.jetstreamManager();
  const backlog: Record<string, number> = {};
  for await (const stream of manager.streams.list()) {
    if (onlyStream !== undefined && stream.config.name !== onlyStream) continue;
    for await (const consumer of manager.consumers.list(stream.config.name)) backlog[consumer.name] = consumer.num_pending + consumer.num_ack_pending;
  }
  return backlog;
}

export function countBy(keys: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

export function seconds(ms: number): string {
  return (ms / 1000).toFixed(1);
}

/**
 * One careful client's submission: sent again with the same idempotencyId until the answer is not a 503 or a broken
 * connection, each attempt to the gateway `gatewayUrl` names (the next in turn, when there are several).
 */
export async function submitUntilAnswered(gatewayUrl: string | (() => string), submission: Submission): Promise<void> {
  for (;;) {
    const gateway = typeof gatewayUrl === 'string' ? gatewayUrl : gatewayUrl();
    const form = new FormData();
    const fields = {
      reporterName: 'Jo Reporter',
      reporterPhone: '5415550199',
      size: 'Basketball',
      elevation: '12',
      address: submission.address,
      recaptchaToken: 'dev-token',
      idempotencyId: submission.idempotencyId,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    let status: Attempt['status'];
    let body: { reportId?: string } = {};
    try {
      const response = await fetch(`${gateway}/api/report`, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
      status = response.status;
      body = (await response.json().catch(() => ({}))) as { reportId?: string };
    } catch {
      status = 'network-error';
    }
    submission.attempts.push({ status, at: Date.now(), gateway });
    if (status === 503 || status === 'network-error') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    submission.answer = status;
    // 409 with the reportId is the first answer replayed: the report was stored by an attempt whose answer was lost.
    if ((status === 201 || status === 409) && body.reportId) submission.reportId = body.reportId;
    return;
  }
}

/** What the fault tests check once the load has settled: every accepted report stored once, texted and charged once per keeper. */
export type Settled = {
  reports: Collection<{ _id: string; idempotencyId: string; claimCode: string }>;
  acceptedSubmissions: Submission[];
  texts: { form: URLSearchParams }[];
  billing: Pick<Client<typeof AssociationBillingService>, 'listLedgerEntries' | 'getBalance'>;
  companyId: string;
  phones: string[];
  memberIdOf: Map<string, string>;
  topUpCents: number;
};

export async function expectEachReportStoredTextedAndChargedOnce(settled: Settled): Promise<void> {
  const { reports, acceptedSubmissions, texts, billing, companyId, phones, memberIdOf } = settled;
  // Each accepted report stored once under its idempotencyId, and no report stored that no client holds the id of.
  const stored = await reports.find({}).toArray();
  const storedById = new Map(stored.map((report) => [report._id, report]));
  expect.soft(
    acceptedSubmissions.filter((submission) => storedById.get(submission.reportId ?? '')?.idempotencyId !== submission.idempotencyId).map((submission) => submission.reportId),
    'accepted reports not stored under their idempotencyId',
  ).toEqual([]);
  const acceptedIds = new Set(acceptedSubmissions.map((submission) => submission.reportId));
  expect.soft(stored.filter((report) => !acceptedIds.has(report._id)).map((report) => report._id), 'reports stored whose id no client was given').toEqual([]);

  // One alert SMS per (report, keeper): the report's claim code, to the keeper's phone, once.
  const textsPerAlert = countBy(texts.map((request) => `${request.form.get('To')} ${/code (\d{5})/.exec(request.form.get('Body') ?? '')?.[1]}`));
  const alertsDue = stored.flatMap((report) => phones.map((phone) => `+1${phone} ${report.claimCode}`));
  expect.soft(alertsDue.filter((alert) => !textsPerAlert.has(alert)), 'alerts never texted (phone, claim code)').toEqual([]);
  expect.soft([...textsPerAlert].filter(([, count]) => count !== 1), 'alerts texted more than once').toEqual([]);
  expect.soft([...textsPerAlert.keys()].filter((alert) => !alertsDue.includes(alert)), 'texts that are no alert due').toEqual([]);

  // One 7-cent charge per (report, keeper) in the association's ledger, read through association-billing; a charge
  // refunded because its alert did not go out (then charged again when it did) does not count.
  const { entries } = await billing.listLedgerEntries({ companyId });
  const charges = entries.filter((entry) => entry.kind === LedgerEntryKind.ALERT_CHARGE);
  const refunds = entries.filter((entry) => entry.kind === LedgerEntryKind.ALERT_REFUND);
  expect.soft(charges.filter((charge) => charge.amountCents !== -7), 'charges of another amount than 7 cents').toEqual([]);
  const chargesPerAlert = countBy(charges.map((charge) => `${charge.reportId} ${charge.memberId}`));
  for (const refund of refunds) {
    const alert = `${refund.reportId} ${refund.memberId}`;
    chargesPerAlert.set(alert, (chargesPerAlert.get(alert) ?? 0) - 1);
  }
  const chargesDue = stored.flatMap((report) => phones.map((phone) => `${report._id} ${memberIdOf.get(phone)}`));
  expect.soft(chargesDue.filter((alert) => !chargesPerAlert.has(alert)), 'alerts never charged (report, member)').toEqual([]);
  expect.soft([...chargesPerAlert].filter(([, count]) => count !== 1), 'alerts not charged exactly once, refunds deducted').toEqual([]);
  expect.soft([...chargesPerAlert.keys()].filter((alert) => !chargesDue.includes(alert)), 'charges that are no alert due').toEqual([]);
  expect.soft((await billing.getBalance({ companyId })).balanceCents, 'the balance').toBe(settled.topUpCents - 7 * (charges.length - refunds.length));
}

const ALERT_KINDS = ['alert', 'escalation'];
const UNFINISHED_STATES = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The alert jobs (alerts and wider alerts) not run yet, by state. The queue also holds each report's expiry, due days
 * later, which a test that waits for every alert to go out must not wait for.
 */
export async function unfinishedAlertJobs(alerts: Queue<AlertJobData>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const state of UNFINISHED_STATES) {
    counts[state] = (await alerts.getJobs([state])).filter((job) => job !== undefined && ALERT_KINDS.includes(job.data.job.kind)).length;
  }
  return counts;
}
