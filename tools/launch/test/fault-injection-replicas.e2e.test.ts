import { randomUUID } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { serviceTransport } from '@swarm/runtime';
import { FakeTwilio, mongoTarget, testNatsUrl, testRedisUrl, uniqueDatabaseName, uniqueStreamName, waitUntil } from '@swarm/testing';
import { Queue } from 'bullmq';
import { MongoClient } from 'mongodb';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_SERVICES, startStack, type RunningStack } from '../src/stack.js';
import { consumerBacklog, expectEachReportStoredTextedAndChargedOnce, seconds, submitUntilAnswered, type Submission, unfinishedAlertJobs } from './fault-helpers.js';
import { staticDirWithIndex, type AlertJobData } from './product-harness.js';

/** Corvallis, OR as the offline geocoder places it: every street of the town is put at this point. */
const CORVALLIS = { latitude: 44.5646, longitude: -123.262 };
const PHONES = ['5415550301', '5415550302', '5415550303'];
const CONCURRENT_CLIENTS = 4;
/** Reports accepted before the kill, and again after it, by the surviving replicas alone. */
const REPORTS_PER_STEP = 6;
const TOP_UP_CENTS = 100_000;
const SETTLE_TIMEOUT_MS = 60_000;
const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));
/** The replica of each pair that is killed; the other survives. */
const KILLED = 0;
const SURVIVOR = 1;

/**
 * Two replicas of every service and two gateways; clients keep submitting reports, each attempt to the next gateway
 * in turn and retrying a 503 or a broken connection with the same idempotencyId. Mid-load, one replica of each pair
 * (gateway, report, member, association-billing, notification) is SIGKILLed and stays dead. The survivors carry on:
 * they accept reports, take over the dead notification's events (JetStream redelivers what it held) and alert jobs
 * (BullMQ, once its lock expires). Once settled, every accepted report is stored once, texted and charged once per
 * covering keeper, and nothing else.
 */
describe('two replicas of everything, one of each pair killed while reports come in', () => {
  const twilio = new FakeTwilio();
  const { stream, subjectPrefix } = uniqueStreamName();
  const databasePrefix = uniqueDatabaseName('replica_faults');
  let stack: RunningStack;
  let mongo: MongoClient;
  let alerts: Queue<AlertJobData>;
  let billing: Client<typeof AssociationBillingService>;
  let companyId = '';
  const memberIdOf = new Map<string, string>();

  beforeAll(async () => {
    const target = mongoTarget();
    if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
    await twilio.start();
    stack = await startStack({
      replicas: 2,
      natsUrl: testNatsUrl(),
      redisUrl: testRedisUrl(),
      mongoUrl: target.url,
      databasePrefix,
      natsStream: stream,
      natsSubjectPrefix: subjectPrefix,
      env: {
        LOG_LEVEL: 'info',
        STATIC_DIR: staticDirWithIndex(),
        SMS_SENDER: 'twilio',
        TWILIO_ACCOUNT_SID: `AC${'fb'.repeat(16)}`,
        TWILIO_AUTH_TOKEN: 'replica-faults-token',
        TWILIO_FROM_NUMBER: '+15415550000',
        TWILIO_API_BASE_URL: twilio.url,
        TWILIO_MIN_SEND_INTERVAL_MS: '0',
        REPORTS_PER_HOUR_PER_CLIENT: '100000',
        // Production's waits shortened, so that the survivors take over within the test's time.
        EVENTS_ACK_WAIT_MS: '3000',
        OUTBOX_POLL_INTERVAL_MS: '250',
        ALERT_BACKOFF_MS: '250',
        ALERT_ATTEMPTS: '12',
        ALERT_JOB_LOCK_MS: '5000',
        SEND_LEASE_MS: '4000',
      },
      onOutput: (name, line, replica) => {
        if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name} ${replica}] ${line}\n`);
      },
    });
    mongo = await MongoClient.connect(target.url);
    alerts = new Queue<AlertJobData>(stack.alertQueue.name, { connection: { url: testRedisUrl() }, prefix: stack.alertQueue.prefix });
    // The survivors serve the test's own calls, so that the kill does not break them.
    billing = createClient(AssociationBillingService, serviceTransport(stack.replicaUrls['association-billing'][SURVIVOR] ?? ''));
    const member = createClient(MemberService, serviceTransport(stack.replicaUrls.member[SURVIVOR] ?? ''));

    const { association } = await billing.createAssociation({ companyName: 'Benton County Beekeepers', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: TOP_UP_CENTS, topUpId: `replica-faults-${randomUUID()}` });
    for (const phoneNumber of PHONES) {
      const { member: created } = await member.ensureMember({ email: `replica-faults-${randomUUID().slice(0, 8)}@example.org` });
      const memberId = created?.memberId ?? '';
      memberIdOf.set(phoneNumber, memberId);
      // The home is where the offline geocoder places the town: for a member service that takes it with the address;
      // one that places the address itself ignores it (the message has no such field).
      const information = { memberId, name: 'Bea Keeper', phoneNumber, address: '1 Comb Court, Corvallis, OR, USA', home: CORVALLIS };
      await member.updateMemberInformation(information);
      await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours: allDay });
      const { activationCode } = await billing.issueActivationCode({ companyId });
      await billing.joinAssociation({ memberId, activationCode });
    }
  }, 240_000);

  afterAll(async () => {
    await alerts?.obliterate({ force: true }).catch(() => undefined);
    await alerts?.close();
    await stack?.stop();
    for (const service of ['report', 'member', 'notification', 'association_billing', 'insights']) await mongo?.db(`${databasePrefix}_${service}`).dropDatabase().catch(() => undefined);
    await mongo?.close();
    const nats = await connect({ servers: testNatsUrl() }).catch(() => undefined);
    await nats?.jetstreamManager().then((manager) => manager.streams.delete(stream)).catch(() => undefined);
    await nats?.close();
    await twilio.stop();
  });

  it('loses and doubles nothing when one replica of each pair dies, the survivors carrying on', { timeout: 180_000 }, async () => {
    const startedAt = Date.now();
    const submissions: Submission[] = [];
    let streetNumber = 0;
    let attempts = 0;
    let running = true;
    const nextGateway = () => stack.gatewayUrls[attempts++ % stack.gatewayUrls.length] ?? '';

    const accepted = () => submissions.filter((submission) => submission.reportId !== undefined).length;
    const moreAccepted = async (count: number, what: string) => {
      const target = accepted() + count;
      await waitUntil(() => accepted() >= target, 60_000, what);
    };
    const reports = mongo.db(`${databasePrefix}_report`).collection<{ _id: string; idempotencyId: string; claimCode: string }>('reports');
    const unpublishedEvents = async () =>
      (await mongo.db(`${databasePrefix}_report`).collection('outbox').countDocuments({ publishedAt: null })) +
      (await mongo.db(`${databasePrefix}_notification`).collection('outbox').countDocuments({ publishedAt: null }));

    async function client(): Promise<void> {
      while (running) {
        streetNumber += 1;
        const submission: Submission = { idempotencyId: randomUUID(), address: `${streetNumber} Swarm Street, Corvallis, OR, USA`, attempts: [] };
        submissions.push(submission);
        await submitUntilAnswered(nextGateway, submission);
      }
    }
    const clients = Array.from({ length: CONCURRENT_CLIENTS }, () => client());

    await moreAccepted(REPORTS_PER_STEP, 'reports accepted by both replicas');
    await waitUntil(() => twilio.received.length > 0, 30_000, 'the first alert SMS');

    // Mid-load, one replica of each pair dies at any moment, the notification process perhaps in an alert's send window:
    // the survivor finds at Twilio what the dead one sent and sends the rest.
    const killedAt = Date.now();
    await Promise.all([...STACK_SERVICES, 'gateway' as const].map((name) => stack.kill(name, 'SIGKILL', KILLED)));
    const textsAtKill = twilio.received.length;
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted by the survivors');
    await waitUntil(() => twilio.received.length > textsAtKill, 30_000, 'an alert SMS from the surviving notification replica');

    running = false;
    await Promise.all(clients);
    const loadOverAt = Date.now();

    const acceptedSubmissions = submissions.filter((submission) => submission.reportId !== undefined);
    const nats = await connect({ servers: testNatsUrl() });
    const backlog = async () => ({
      texts: twilio.received.length,
      unpublishedEvents: await unpublishedEvents(),
      unacknowledgedEvents: await consumerBacklog(nats, stream),
      pendingJobs: await unfinishedAlertJobs(alerts),
      // Not waited for (a failed job does not run again), but named when the test fails: an alert lost.
      failedJobs: await alerts.getFailedCount(),
    });
    const expectedTexts = acceptedSubmissions.length * PHONES.length;
    const settled = await waitUntil(
      async () => {
        const now = await backlog();
        return now.texts >= expectedTexts && now.unpublishedEvents === 0 && [...Object.values(now.unacknowledgedEvents), ...Object.values(now.pendingJobs)].every((count) => count === 0);
      },
      SETTLE_TIMEOUT_MS,
      'the survivors to settle',
    ).then(
      () => true,
      () => false,
    );
    const leftOver = await backlog().finally(() => nats.close());
    const settledAt = Date.now();

    const statuses = submissions.flatMap((submission) => submission.attempts.map((attempt) => attempt.status));
    const answers = Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]));
    console.info(
      `replica faults: ${submissions.length} reports, ${acceptedSubmissions.length} accepted, answers ${JSON.stringify(answers)}, ${twilio.received.length} texts; ` +
        `killed at ${seconds(killedAt - startedAt)} s, load over at ${seconds(loadOverAt - startedAt)} s, settled ${seconds(settledAt - loadOverAt)} s later`,
    );
    expect.soft(settled, `settled within ${SETTLE_TIMEOUT_MS} ms (${expectedTexts} texts due); left: ${JSON.stringify(leftOver)}`).toBe(true);

    // The surviving processes are the ones started at first: none of them died along.
    for (const name of [...STACK_SERVICES, 'gateway' as const]) expect.soft(isRunning(stack.pid(name, SURVIVOR)), `${name} (replica ${SURVIVOR}) running`).toBe(true);
    const deadGateway = stack.gatewayUrls[KILLED];
    // Only the dead gateway broke connections; every answer was one a client can act on (503 while a call was cut).
    const attemptsMade = submissions.flatMap((submission) => submission.attempts);
    expect.soft(attemptsMade.filter((attempt) => attempt.status === 'network-error' && attempt.gateway !== deadGateway), 'broken connections to the surviving gateway').toEqual([]);
    expect.soft(statuses.filter((status) => typeof status === 'number' && status >= 500 && status !== 503), 'answers from 500 up other than 503').toEqual([]);
    expect.soft(submissions.map((submission) => submission.answer).filter((answer) => answer !== 201 && answer !== 409), 'last answers other than 201 or 409').toEqual([]);

    await expectEachReportStoredTextedAndChargedOnce({
      reports,
      acceptedSubmissions,
      texts: twilio.received,
      billing,
      companyId,
      phones: PHONES,
      memberIdOf,
      topUpCents: TOP_UP_CENTS,
    });
  });
});

function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
