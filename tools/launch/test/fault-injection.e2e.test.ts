import { randomUUID } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { serviceTransport } from '@swarm/runtime';
import { FakeTwilio, mongoTarget, startNats, startRedis, uniqueDatabaseName, waitUntil, type RestartableServer } from '@swarm/testing';
import { Queue } from 'bullmq';
import { MongoClient } from 'mongodb';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../src/stack.js';
import { consumerBacklog, expectEachReportStoredTextedAndChargedOnce, killWhileTwilioHoldsAnAlert, seconds, submitUntilAnswered, type Submission, unfinishedAlertJobs } from './fault-helpers.js';
import { staticDirWithIndex, type AlertJobData } from './product-harness.js';

/** Corvallis, OR as the offline geocoder places it: every street of the town is put at this point. */
/** Keepers reachable at any hour: their alerts go out at once. */
const PROMPT_PHONES = ['5415550201', '5415550202', '5415550203'];
/** A keeper whose only window opens in two hours: their alerts wait in Redis through every fault. */
const LATE_PHONE = '5415550204';
const PHONES = [...PROMPT_PHONES, LATE_PHONE];
const CONCURRENT_CLIENTS = 3;
/** Reports the gateway must accept before, during and after each outage, so that each fault meets traffic. */
const REPORTS_PER_STEP = 3;
const TOP_UP_CENTS = 100_000;
/** The JetStream stream the stack's services use when none is configured. */
const STREAM = 'SWARM_EVENTS';
const SETTLE_TIMEOUT_MS = 90_000;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const allDay = EVERY_DAY.map((day) => ({ day, fromHour: 0, toHour: 24 }));

/**
 * Reports keep coming, from clients that retry a 503 or a broken connection with the same idempotencyId, while the
 * report service, the notification service, NATS and Redis (private ones, on their own data directories) are each
 * SIGKILLed and started again. Once the system has settled: every report a client was given the id of is stored
 * once, and nothing else is; every covering keeper got exactly one alert SMS per report at the Twilio-shaped server;
 * the association paid 7 cents exactly once per (report, keeper); and every answer was one a client can act on.
 * Each step waits for the state it needs (reports accepted, events held back), never for a fixed time.
 */
describe('distributed mode under faults: services, NATS and Redis killed while reports come in', () => {
  const twilio = new FakeTwilio();
  let nats: RestartableServer;
  let redis: RestartableServer;
  let stack: RunningStack;
  let mongo: MongoClient;
  let alerts: Queue<AlertJobData>;
  let billing: Client<typeof AssociationBillingService>;
  let member: Client<typeof MemberService>;
  let companyId = '';
  const memberIdOf = new Map<string, string>();
  const databasePrefix = uniqueDatabaseName('faults');

  beforeAll(async () => {
    const target = mongoTarget();
    if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
    // Private servers: killing the machine's NATS or Redis would break every other test and process using them.
    [nats, redis] = await Promise.all([startNats(), startRedis(), twilio.start()]);
    stack = await startStack({
      natsUrl: nats.url,
      redisUrl: redis.url,
      mongoUrl: target.url,
      databasePrefix,
      env: {
        LOG_LEVEL: 'info',
        STATIC_DIR: staticDirWithIndex(),
        SMS_SENDER: 'twilio',
        TWILIO_ACCOUNT_SID: `AC${'fa'.repeat(16)}`,
        TWILIO_AUTH_TOKEN: 'fault-injection-token',
        TWILIO_FROM_NUMBER: '+15415550000',
        TWILIO_API_BASE_URL: twilio.url,
        TWILIO_MIN_SEND_INTERVAL_MS: '0',
        REPORTS_PER_HOUR_PER_CLIENT: '100000',
        // Production's waits shortened, so that the recoveries under test happen within the test's time.
        EVENTS_ACK_WAIT_MS: '3000',
        OUTBOX_POLL_INTERVAL_MS: '250',
        ALERT_BACKOFF_MS: '250',
        ALERT_ATTEMPTS: '12',
        ALERT_JOB_LOCK_MS: '5000',
        SEND_LEASE_MS: '4000',
      },
      onOutput: (name, line) => {
        if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name}] ${line}\n`);
      },
    });
    mongo = await MongoClient.connect(target.url);
    alerts = new Queue<AlertJobData>(stack.alertQueue.name, { connection: { url: redis.url }, prefix: stack.alertQueue.prefix });
    // Redis is killed on purpose: this connection reconnects on its own.
    alerts.on('error', () => undefined);
    billing = createClient(AssociationBillingService, serviceTransport(stack.urls['association-billing']));
    member = createClient(MemberService, serviceTransport(stack.urls.member));

    const { association } = await billing.createAssociation({ companyName: 'Benton County Beekeepers', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: TOP_UP_CENTS, topUpId: `faults-${randomUUID()}` });
    const opensAt = (new Date().getUTCHours() + 2) % 24;
    for (const phoneNumber of PHONES) {
      const { member: created } = await member.ensureMember({ email: `faults-${randomUUID().slice(0, 8)}@example.org` });
      const memberId = created?.memberId ?? '';
      memberIdOf.set(phoneNumber, memberId);
      await member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber, address: '1 Comb Court, Corvallis, OR, USA' });
      const dayHours = phoneNumber === LATE_PHONE ? EVERY_DAY.map((day) => ({ day, fromHour: opensAt, toHour: opensAt + 1 })) : allDay;
      await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours });
      const { activationCode } = await billing.issueActivationCode({ companyId });
      await billing.joinAssociation({ memberId, activationCode });
    }
  }, 180_000);

  afterAll(async () => {
    await alerts?.close();
    await stack?.stop();
    for (const service of ['report', 'notification', 'association_billing', 'insights']) await mongo?.db(`${databasePrefix}_${service}`).dropDatabase().catch(() => undefined);
    await mongo?.close();
    await Promise.all([nats?.stop(), redis?.stop(), twilio.stop()]);
  });

  it('stores each accepted report once, and texts and charges each covering keeper once per report', { timeout: 240_000 }, async () => {
    const startedAt = Date.now();
    const gatewayPid = stack.pid('gateway');
    const submissions: Submission[] = [];
    const timeline: string[] = [];
    let streetNumber = 0;
    let running = true;

    const accepted = () => submissions.filter((submission) => submission.reportId !== undefined).length;
    const statusesSince = (since: number) => submissions.flatMap((submission) => submission.attempts.filter((attempt) => attempt.at >= since).map((attempt) => attempt.status));
    const reports = mongo.db(`${databasePrefix}_report`).collection<{ _id: string; idempotencyId: string; claimCode: string }>('reports');
    const unpublishedEvents = () => mongo.db(`${databasePrefix}_report`).collection('outbox').countDocuments({ publishedAt: null });
    const step = async (what: string, action: () => Promise<unknown>) => {
      await action();
      timeline.push(`${what} at ${seconds(Date.now() - startedAt)} s`);
    };
    const moreAccepted = async (count: number, what: string) => {
      const target = accepted() + count;
      await waitUntil(() => accepted() >= target, 60_000, what);
    };

    /** One careful client: a new report, sent again with the same idempotencyId until the answer is not a 503. */
    async function client(): Promise<void> {
      while (running) {
        streetNumber += 1;
        const submission: Submission = { idempotencyId: randomUUID(), address: `${streetNumber} Swarm Street, Corvallis, OR, USA`, attempts: [] };
        submissions.push(submission);
        await submitUntilAnswered(stack.gatewayUrl, submission);
      }
    }
    const clients = Array.from({ length: CONCURRENT_CLIENTS }, () => client());

    await moreAccepted(REPORTS_PER_STEP, 'reports accepted before any fault');
    await waitUntil(() => twilio.received.length > 0, 30_000, 'the first alert SMS');

    // The report service: the gateway cannot reach it, or loses it mid-call, and must answer 503, never 500.
    const reportDownAt = Date.now();
    await step('report killed', () => stack.kill('report', 'SIGKILL'));
    await waitUntil(() => statusesSince(reportDownAt).includes(503), 30_000, 'a 503 while the report service is down');
    await step('report restarted', () => stack.start('report'));
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted after the report service restarted');

    // The notification service, in the middle of its work, while Twilio holds an alert it took (see
    // killWhileTwilioHoldsAnAlert): the events of the reports accepted meanwhile wait in JetStream, their alert jobs in Redis.
    await step('notification killed', () => killWhileTwilioHoldsAnAlert(stack, twilio));
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted while the notification service is down');
    await step('notification restarted', () => stack.start('notification'));
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted after the notification service restarted');

    // NATS: the report service keeps accepting, its outbox keeping the events until NATS is back; killed meanwhile,
    // it starts again without NATS and accepts reports before NATS is back.
    await step('NATS killed', () => nats.kill('SIGKILL'));
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted while NATS is down');
    await waitUntil(async () => (await unpublishedEvents()) >= REPORTS_PER_STEP, 30_000, 'events held in the outbox while NATS is down');
    await step('report killed again', () => stack.kill('report', 'SIGKILL'));
    // Healthy only with NATS: started now, the report service is awaited once NATS is back.
    const reportBack = stack.start('report');
    reportBack.catch(() => undefined);
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted by the report service restarted while NATS is down');
    await step('NATS restarted', () => nats.restart());
    await step('report healthy again', () => reportBack);
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted after NATS restarted');
    const watcher = await connect({ servers: nats.url });

    // Redis: the alert jobs it held (the late keeper's, at least) come back from its append-only file.
    await waitUntil(async () => (await alerts.getDelayedCount()) > 0, 30_000, 'delayed alert jobs in Redis');
    await step('Redis killed', () => redis.kill('SIGKILL'));
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted while Redis is down');
    await waitUntil(
      async () => (await (await watcher.jetstreamManager()).consumers.info(STREAM, 'notification--report-submitted')).num_ack_pending > 0,
      30_000,
      'the notification service holding an event it cannot schedule alerts for without Redis',
    );
    await step('Redis restarted', () => redis.restart());
    await moreAccepted(REPORTS_PER_STEP, 'reports accepted after Redis restarted');

    running = false;
    await Promise.all(clients);
    const faultsOverAt = Date.now();

    // The late keeper's window opens, and the two hours pass: their jobs are promoted rather than waited for, each
    // time the system is looked at (a report's event may still be on its way and schedule one more).
    await member.updateAvailability({ memberId: memberIdOf.get(LATE_PHONE) ?? '', dayHours: allDay });
    const promoteLateAlerts = async () => {
      for (const job of await alerts.getJobs(['delayed'])) {
        if (job?.data.job.kind === 'alert' && job.data.job.memberId === memberIdOf.get(LATE_PHONE)) await job.promote().catch(() => undefined);
      }
    };
    const acceptedSubmissions = submissions.filter((submission) => submission.reportId !== undefined);

    // Settled: nothing left in the outbox, in a consumer or among the alert jobs, and as many texts as alerts are due.
    const backlog = async () => ({
      texts: twilio.received.length,
      unpublishedEvents: await unpublishedEvents(),
      unacknowledgedEvents: await consumerBacklog(watcher),
      pendingJobs: await unfinishedAlertJobs(alerts),
    });
    const expectedTexts = acceptedSubmissions.length * PHONES.length;
    const settled = await waitUntil(
      async () => {
        await promoteLateAlerts();
        const now = await backlog();
        return now.texts >= expectedTexts && now.unpublishedEvents === 0 && [...Object.values(now.unacknowledgedEvents), ...Object.values(now.pendingJobs)].every((count) => count === 0);
      },
      SETTLE_TIMEOUT_MS,
      'the system to settle',
    ).then(
      () => true,
      () => false,
    );
    const leftOver = await backlog().finally(() => watcher.close());
    const settledAt = Date.now();

    const statuses = submissions.flatMap((submission) => submission.attempts.map((attempt) => attempt.status));
    const answers = Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]));
    console.info(
      `fault injection: ${submissions.length} reports, ${acceptedSubmissions.length} accepted, answers ${JSON.stringify(answers)}, ${twilio.received.length} texts; ` +
        `${timeline.join(', ')}; faults over at ${seconds(faultsOverAt - startedAt)} s, settled ${seconds(settledAt - faultsOverAt)} s later`,
    );
    expect.soft(settled, `settled within ${SETTLE_TIMEOUT_MS} ms (${expectedTexts} texts due); left: ${JSON.stringify(leftOver)}`).toBe(true);

    // Every answer was one a client can act on: 503 while a service was down, never another 5xx.
    expect.soft(statuses.filter((status) => typeof status !== 'number' || (status >= 500 && status !== 503)), 'answers from 500 up other than 503, or no answer at all').toEqual([]);
    expect.soft(statusesSince(reportDownAt), 'answers while the report service was down').toContain(503);
    expect.soft(submissions.map((submission) => submission.answer).filter((answer) => answer !== 201 && answer !== 409), 'last answers other than 201 or 409').toEqual([]);
    expect.soft(stack.pid('gateway'), 'the gateway process').toBe(gatewayPid);

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
