import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Client } from '@connectrpc/connect';
import { AssociationBillingService, LedgerEntryKind } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { serviceTransport } from '@swarm/runtime';
import { FakeTwilio, mongoTarget, testNatsUrl, testRedisUrl, uniqueDatabaseName, uniqueStreamName, waitUntil } from '@swarm/testing';
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack, type StackProcessName } from '../src/stack.js';
import { staticDirWithIndex } from './product-harness.js';

const ACCOUNT_SID = `AC${'2b'.repeat(16)}`;
const AUTH_TOKEN = 'replicas-twilio-auth-token';
const SENDER = '+15035550000';
/** One public address for both gateways, as behind a load balancer: Twilio signs the webhook for it. */
const WEBHOOK_URL = 'https://swarm.example.org/api/sms/inbound';
const EVERY_HOUR = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));
/** Salem and Albany, OR as the offline geocoder places them: one town per test, so neither alerts the other's keepers. */
const SALEM = { latitude: 44.9429, longitude: -123.0351, town: 'Salem, OR, USA' };
const ALBANY = { latitude: 44.6365, longitude: -123.1059, town: 'Albany, OR, USA' };
const RACERS = 100;

type Keeper = { memberId: string; phone: string; email: string };
type LogLine = { process: StackProcessName; replica: number; line: Record<string, unknown> };

/** Twilio's request signature, computed from its documented formula, independently of the product's code. */
function twilioSignature(params: Record<string, string>): string {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], WEBHOOK_URL);
  return createHmac('sha1', AUTH_TOKEN).update(payload).digest('base64');
}

/**
 * The distributed mode scaled out: two processes of every service and two gateways, the clients' requests alternating
 * between the gateways. Whichever replica takes a request or an event, a report alerts each covering keeper once and
 * charges once, a claim has one winner and one location SMS, and each event is handled once by each consumer.
 */
describe('distributed mode with two replicas of every service and two gateways', () => {
  const twilio = new FakeTwilio();
  const { stream, subjectPrefix } = uniqueStreamName();
  const log: LogLine[] = [];
  let stack: RunningStack;
  let nats: NatsConnection;
  let members: Client<typeof MemberService>[];
  let billings: Client<typeof AssociationBillingService>[];
  let requests = 0;
  /** The next gateway in turn: requests alternate between the two. */
  const nextGateway = () => stack.gatewayUrls[requests++ % stack.gatewayUrls.length] ?? '';

  beforeAll(async () => {
    const target = mongoTarget();
    if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
    await twilio.start();
    stack = await startStack({
      replicas: 2,
      natsUrl: testNatsUrl(),
      redisUrl: testRedisUrl(),
      mongoUrl: target.url,
      databasePrefix: uniqueDatabaseName('replicas'),
      natsStream: stream,
      natsSubjectPrefix: subjectPrefix,
      env: {
        LOG_LEVEL: 'info',
        STATIC_DIR: staticDirWithIndex(),
        SMS_SENDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: SENDER,
        TWILIO_API_BASE_URL: twilio.url,
        TWILIO_MIN_SEND_INTERVAL_MS: '0',
        TWILIO_WEBHOOK_URL: WEBHOOK_URL,
        // Every racer on the web logs in from this machine.
        MAGIC_LINK_LIMIT_PER_CLIENT: '1000',
        // An alert job that fails under a loaded machine (a call timing out) is retried within the test's time.
        ALERT_BACKOFF_MS: '500',
      },
      onOutput: (process, line, replica) => {
        try {
          log.push({ process, replica, line: JSON.parse(line) as Record<string, unknown> });
        } catch {
          // Not a log line (a stack trace's continuation): only JSON lines are counted.
        }
        if (globalThis.process.env.TEST_LOG_LEVEL) globalThis.process.stderr.write(`[${process} ${replica}] ${line}\n`);
      },
    });
    nats = await connect({ servers: testNatsUrl() });
    members = stack.replicaUrls.member.map((url) => createClient(MemberService, serviceTransport(url)));
    billings = stack.replicaUrls['association-billing'].map((url) => createClient(AssociationBillingService, serviceTransport(url)));
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    await nats?.jetstreamManager().then((manager) => manager.streams.delete(stream)).catch(() => undefined);
    await nats?.close();
    await twilio.stop();
  });

  /** An association funded with `cents`, and `count` keepers living in the town who joined it; set up through both replicas. */
  async function coveredTown(town: { latitude: number; longitude: number; town: string }, count: number, phonePrefix: string, cents: number) {
    const billing = billings[0] as Client<typeof AssociationBillingService>;
    const { association } = await billing.createAssociation({ companyName: `${town.town} Beekeepers`, donationUrl: '' });
    const companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: cents, topUpId: `replicas-${randomUUID()}` });
    const keepers = await Promise.all(
      Array.from({ length: count }, async (_, index): Promise<Keeper> => {
        const member = members[index % 2] as Client<typeof MemberService>;
        const viaBilling = billings[(index + 1) % 2] as Client<typeof AssociationBillingService>;
        const phone = `${phonePrefix}${String(index).padStart(10 - phonePrefix.length, '0')}`;
        const email = `keeper-${randomUUID().slice(0, 8)}@example.org`;
        const { member: created } = await member.ensureMember({ email });
        const memberId = created?.memberId ?? '';
        // The home is where the offline geocoder places the town: for a member service that takes it with the address;
        // one that places the address itself ignores it (the message has no such field).
        const information = { memberId, name: 'Bea Keeper', phoneNumber: phone, address: `1 Comb Court, ${town.town}`, home: town };
        await member.updateMemberInformation(information);
        await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours: EVERY_HOUR });
        const { activationCode } = await viaBilling.issueActivationCode({ companyId });
        await viaBilling.joinAssociation({ memberId, activationCode });
        return { memberId, phone, email };
      }),
    );
    // Notification alerts from its own copy of each keeper's settings, fed by member.changed: a report that came before
    // the copy of the availability just set would wait for the default hours, hours away.
    await waitUntil(
      async () => {
        const published = keepers.every(
          (keeper) => log.filter((entry) => entry.process === 'member' && entry.line.msg === 'event published' && String(entry.line.eventId ?? '').includes(keeper.memberId)).length >= 2,
        );
        if (!published) return false;
        return Object.values(await consumerDeliveries()).every((consumer) => consumer.unacknowledged === 0 && consumer.deliveries >= consumer.events);
      },
      30_000,
      "each keeper's settings handled by notification",
    );
    return { companyId, keepers };
  }

  async function report(gatewayUrl: string, address: string): Promise<string> {
    const form = new FormData();
    const fields = { reporterName: 'Jo Reporter', reporterPhone: '5035550199', size: 'Softball', elevation: '8', address, recaptchaToken: 'dev-token', idempotencyId: randomUUID() };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${gatewayUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reportId: string }).reportId;
  }

  /** A keeper's SMS reply, as Twilio posts it to the webhook, through the given gateway. */
  async function reply(gatewayUrl: string, phone: string, text: string): Promise<string> {
    const params = { From: `+1${phone}`, To: SENDER, Body: text, MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: ACCOUNT_SID };
    const response = await fetch(`${gatewayUrl}/api/sms/inbound`, { method: 'POST', headers: { 'x-twilio-signature': twilioSignature(params) }, body: new URLSearchParams(params) });
    expect(response.status).toBe(200);
    return response.text();
  }

  /** A member's session cookie: the emailed link asked for and opened at one gateway (its dev outbox holds the email). */
  async function sessionCookie(gatewayUrl: string, email: string): Promise<string> {
    const asked = await fetch(`${gatewayUrl}/api/oauth/magic-login/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }),
    });
    expect(asked.status).toBeLessThan(300);
    const outbox = (await (await fetch(`${gatewayUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const opened = await fetch(`${gatewayUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    return (opened.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  }

  const textsTo = (phone: string) => twilio.received.filter((request) => request.form.get('To') === `+1${phone}`).map((request) => request.form.get('Body') ?? '');
  const alertsFor = (claimCode: string) => twilio.received.filter((request) => (request.form.get('Body') ?? '').endsWith(`reply with the code ${claimCode}`));
  const locationTextsFor = (claimCode: string) => twilio.received.filter((request) => (request.form.get('Body') ?? '').startsWith(`Swarm ${claimCode} is yours.`));
  const logLines = (process: StackProcessName, msg: string, reportId: string) => log.filter((entry) => entry.process === process && entry.line.msg === msg && entry.line.reportId === reportId);

  /** Charges per member for the report, refunds deducted, from the association's ledger. */
  async function chargesFor(companyId: string, reportId: string): Promise<Map<string, number>> {
    const { entries } = await (billings[1] as Client<typeof AssociationBillingService>).listLedgerEntries({ companyId });
    const charges = new Map<string, number>();
    for (const entry of entries) {
      if (entry.reportId !== reportId) continue;
      if (entry.kind === LedgerEntryKind.ALERT_CHARGE) {
        expect(entry.amountCents).toBe(-7);
        charges.set(entry.memberId, (charges.get(entry.memberId) ?? 0) + 1);
      } else if (entry.kind === LedgerEntryKind.ALERT_REFUND) {
        charges.set(entry.memberId, (charges.get(entry.memberId) ?? 0) - 1);
      }
    }
    return charges;
  }

  /**
   * Per durable consumer of this stack's stream: the events it was given (each delivery counts, a redelivery too), the
   * events published on its subject, and those redelivered or not yet acknowledged. Handled once each: deliveries equal
   * to the events, nothing redelivered, everything acknowledged.
   */
  async function consumerDeliveries(): Promise<Record<string, { events: number; deliveries: number; redelivered: number; unacknowledged: number }>> {
    const manager = await nats.jetstreamManager();
    const { state } = await manager.streams.info(stream, { subjects_filter: '>' });
    const result: Record<string, { events: number; deliveries: number; redelivered: number; unacknowledged: number }> = {};
    for await (const consumer of manager.consumers.list(stream)) {
      result[consumer.name] = {
        events: state.subjects?.[consumer.config.filter_subject ?? ''] ?? 0,
        deliveries: consumer.delivered.consumer_seq,
        redelivered: consumer.num_redelivered,
        unacknowledged: consumer.num_pending + consumer.num_ack_pending,
      };
    }
    return result;
  }

  async function expectEveryEventHandledOncePerConsumer(): Promise<void> {
    let deliveries = await consumerDeliveries();
    await waitUntil(
      async () => {
        deliveries = await consumerDeliveries();
        return Object.values(deliveries).every((consumer) => consumer.unacknowledged === 0 && consumer.deliveries >= consumer.events);
      },
      20_000,
      'every consumer to acknowledge its events',
    ).catch(() => undefined);
    const handledOnce = Object.fromEntries(Object.entries(deliveries).map(([name, consumer]) => [name, { ...consumer, deliveries: consumer.events, redelivered: 0, unacknowledged: 0 }]));
    expect(deliveries).toEqual(handledOnce);
    // The consumers the alert path needs, one per (service, event type) whichever replica made it first (a consumer per
    // replica would also show as two dispatches of one report in the notification log).
    expect(Object.keys(deliveries)).toEqual(expect.arrayContaining([
      'notification--report-claimed',
      'notification--report-marked_bad',
      'notification--report-submitted',
      'notification--report-unclaimed',
      'notification-claim-follow-up--report-claimed',
      'notification-claim-follow-up--report-marked_bad',
      'insights--report-submitted',
      'insights--alert-sent',
      'insights--report-claimed',
    ]));
  }

  it('alerts and charges every covering keeper once, gives the claim to one of them and texts them the location once', { timeout: 120_000 }, async () => {
    const { companyId, keepers } = await coveredTown(SALEM, 4, '50355501', 2_000);
    const reportId = await report(stack.gatewayUrls[0] ?? '', `10 Swarm Street, ${SALEM.town}`);

    await waitUntil(() => keepers.every((keeper) => textsTo(keeper.phone).length === 1), 30_000, 'one alert SMS to each keeper');
    const claimCode = textsTo(keepers[0]?.phone ?? '')[0]?.match(/\d{5}$/)?.[0] ?? '';
    expect(claimCode).toMatch(/^\d{5}$/);
    expect(alertsFor(claimCode).map((request) => request.form.get('To')).sort()).toEqual(keepers.map((keeper) => `+1${keeper.phone}`).sort());
    await waitUntil(async () => (await chargesFor(companyId, reportId)).size === keepers.length, 15_000, 'a charge for each keeper');

    // Every keeper replies with the code at once, the replies alternating between the gateways: one wins.
    const replies = await Promise.all(keepers.map((keeper) => reply(nextGateway(), keeper.phone, claimCode)));
    const winners = keepers.filter((_, index) => /You claimed the swarm/.test(replies[index] ?? ''));
    expect(winners).toHaveLength(1);
    expect(replies.filter((twiml) => twiml.includes('has already been claimed by another member'))).toHaveLength(keepers.length - 1);

    await waitUntil(() => locationTextsFor(claimCode).length >= 1, 30_000, 'the location SMS');
    await expectEveryEventHandledOncePerConsumer();
    expect(locationTextsFor(claimCode).map((request) => request.form.get('To'))).toEqual([`+1${winners[0]?.phone}`]);
    expect(alertsFor(claimCode)).toHaveLength(keepers.length);
    expect([...(await chargesFor(companyId, reportId)).entries()].sort()).toEqual(keepers.map((keeper) => [keeper.memberId, 1]).sort());
    expect((await (billings[0] as Client<typeof AssociationBillingService>).getBalance({ companyId })).balanceCents).toBe(2_000 - 7 * keepers.length);
    // Handled once across the notification replicas: the report's event by dispatch, the claim's by the follow-up.
    expect(logLines('notification', 'report received for alert dispatch', reportId)).toHaveLength(1);
    expect(logLines('notification', 'claim location', reportId)).toHaveLength(1);
    // Counted once across the insights replicas, whichever took each event.
    for (const replica of [0, 1]) {
      const insights = createClient(InsightsService, serviceTransport(stack.replicaUrls.insights[replica] ?? ''));
      const { total } = await insights.getAssociationStatistics({ companyId });
      expect(total, `insights replica ${replica}`).toMatchObject({ reportsAlerted: 1, reportsClaimed: 1, alertsSent: keepers.length, alertsCostCents: 7 * keepers.length });
    }
  });

  it(`gives one winner and one location SMS to ${RACERS} keepers claiming at once by SMS and on the web through two gateways`, { timeout: 240_000 }, async () => {
    const { companyId, keepers } = await coveredTown(ALBANY, RACERS, '54155', 10_000);
    const reportId = await report(stack.gatewayUrls[1] ?? '', `20 Swarm Street, ${ALBANY.town}`);
    await waitUntil(() => keepers.every((keeper) => textsTo(keeper.phone).length >= 1), 150_000, `an alert SMS to each of the ${RACERS} keepers`).catch((error: unknown) => {
      const failures = log.filter((entry) => entry.process === 'notification' && entry.line.msg === 'alert job failed').map((entry) => JSON.stringify(entry.line.err ?? {}).slice(0, 200));
      const untexted = new Set(keepers.filter((keeper) => textsTo(keeper.phone).length === 0).map((keeper) => keeper.memberId));
      // What the services said of the keepers left out: a dropped channel, a refused charge, a skipped job.
      const aboutUntexted = log
        .filter((entry) => untexted.has(String(entry.line.memberId ?? '')) || JSON.stringify(entry.line).includes([...untexted][0] ?? '-'))
        .map((entry) => `${entry.process}: ${String(entry.line.msg)} ${JSON.stringify({ ...entry.line, msg: undefined, time: undefined }).slice(0, 300)}`);
      throw new Error(
        `${String(error)}; ${untexted.size} not texted; alert job failures: ${[...new Set(failures)].join(' | ') || 'none'}; said of them: ${aboutUntexted.slice(0, 20).join(' || ') || 'nothing'}`,
      );
    });
    const claimCode = textsTo(keepers[0]?.phone ?? '')[0]?.match(/\d{5}$/)?.[0] ?? '';
    expect(alertsFor(claimCode)).toHaveLength(RACERS);

    // Half claim by SMS, half on the web; a web racer logged in at one gateway claims through the other (one session
    // store), and the requests alternate between the gateways.
    const contenders = await Promise.all(
      keepers.map(async (keeper, index) => {
        const bySms = index % 4 < 2;
        const gateway = stack.gatewayUrls[index % 2] ?? '';
        const cookie = bySms ? '' : await sessionCookie(stack.gatewayUrls[(index + 1) % 2] ?? '', keeper.email);
        if (!bySms) expect(cookie).toMatch(/=/);
        return { keeper, bySms, gateway, cookie };
      }),
    );
    const outcomes = await Promise.all(
      contenders.map(async ({ keeper, bySms, gateway, cookie }) => {
        if (bySms) {
          const twiml = await reply(gateway, keeper.phone, claimCode);
          if (/You claimed the swarm/.test(twiml)) return 'won';
          return twiml.includes('has already been claimed by another member') ? 'lost' : `unexpected reply ${twiml}`;
        }
        const response = await fetch(`${gateway}/api/member/report/${reportId}/claim`, { headers: { cookie } });
        const { message } = (await response.json()) as { message: string };
        if (response.status === 200 && message === 'Successfully claimed report!') return 'won';
        return message === 'This swarm has already been claimed by another member.' ? 'lost' : `unexpected answer ${response.status} ${message}`;
      }),
    );
    expect(outcomes.filter((outcome) => outcome !== 'won' && outcome !== 'lost')).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    const winner = keepers[outcomes.indexOf('won')];

    await waitUntil(() => locationTextsFor(claimCode).length >= 1, 30_000, 'the location SMS');
    await expectEveryEventHandledOncePerConsumer();
    expect(locationTextsFor(claimCode).map((request) => request.form.get('To'))).toEqual([`+1${winner?.phone}`]);
    expect(alertsFor(claimCode)).toHaveLength(RACERS);
    const charges = await chargesFor(companyId, reportId);
    expect([...charges.values()].filter((count) => count !== 1)).toEqual([]);
    expect(charges.size).toBe(RACERS);
    expect(logLines('notification', 'report received for alert dispatch', reportId)).toHaveLength(1);
    expect(logLines('notification', 'claim location', reportId)).toHaveLength(1);
  });
});
