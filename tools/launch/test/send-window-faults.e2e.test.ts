import { randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { LedgerEntryKind } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { ReportClaimedEvent } from '@swarm/runtime';
import { NatsEventBus } from '@swarm/runtime/nats';
import { FakeTwilio, mongoTarget, testLogger, testNatsUrl, waitUntil } from '@swarm/testing';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBy, unfinishedAlertJobs } from './fault-helpers.js';
import { startAlertingProduct, textAsTwilio, type AlertingProduct } from './product-harness.js';

const ACCOUNT_SID = `AC${'5e'.repeat(16)}`;
const AUTH_TOKEN = 'send-window-token';
const SENDER = '+15415550000';
const WAVE = 50;
/** Eugene, OR as the offline geocoder places it: every street of the town is at one point. */
const PHONES = Array.from({ length: WAVE }, (_, index) => `54155503${String(index).padStart(2, '0')}`);
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));
const TOP_UP_CENTS = 2_000;
const isAlert = (body: string | null) => /reply with the code \d{5}/.test(body ?? '');
const isLocation = (body: string | null) => /is yours/.test(body ?? '');

/**
 * The notification service SIGKILLed where a message is hardest to keep exactly once: in the middle of a wave of 50
 * alerts paced by the sender, while the Twilio-shaped server holds one alert's answer (it took the message; the
 * service never heard so), and while it holds the claimer's location text. After each restart: every covering member
 * texted once and charged once, ledger lines = texts = the association's statistics, and one location text, across the
 * kill and across a redelivered report.claimed.
 */
describe('distributed mode: the notification service killed inside its send windows', () => {
  const twilio = new FakeTwilio();
  let alerting: AlertingProduct;
  let mongo: MongoClient;
  let companyId = '';
  const memberIdOf = new Map<string, string>();

  beforeAll(async () => {
    const target = mongoTarget();
    if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
    await twilio.start();
    alerting = await startAlertingProduct(
      twilio,
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: SENDER },
      {
        // A paced sender, so the wave is still going when the process dies; production's waits shortened.
        TWILIO_MIN_SEND_INTERVAL_MS: '40',
        ALERT_JOB_LOCK_MS: '3000',
        SEND_LEASE_MS: '3000',
        ALERT_BACKOFF_MS: '250',
        ALERT_ATTEMPTS: '12',
        EVENTS_ACK_WAIT_MS: '3000',
        OUTBOX_POLL_INTERVAL_MS: '250',
      },
    );
    mongo = await MongoClient.connect(target.url);
    const { member, billing } = alerting;
    const { association } = await billing.createAssociation({ companyName: 'Lane County Beekeepers', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: TOP_UP_CENTS, topUpId: `window-${randomUUID()}` });
    await Promise.all(
      PHONES.map(async (phoneNumber, index) => {
        const { member: created } = await member.ensureMember({ email: `window-${index}-${randomUUID().slice(0, 8)}@example.org` });
        const memberId = created?.memberId ?? '';
        memberIdOf.set(phoneNumber, memberId);
        await member.updateMemberInformation({ memberId, name: `Keeper Number${index}`, phoneNumber, address: `${index + 1} Comb Court, Eugene, OR, USA` });
        await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours: ALL_DAY });
        const { activationCode } = await billing.issueActivationCode({ companyId });
        await billing.joinAssociation({ memberId, activationCode });
      }),
    );
  }, 180_000);

  afterAll(async () => {
    await alerting?.stop();
    await mongo?.close();
    await twilio.stop();
  });

  const posts = (matches: (body: string | null) => boolean) => twilio.received.filter((request) => matches(request.form.get('Body')));
  const notificationDb = () => mongo.db(`${alerting.product.databasePrefix}_notification`);

  /** Kills the notification service while the provider holds the answer to a message it took, then starts it again. */
  async function killWhileProviderHolds(which: string): Promise<void> {
    await waitUntil(() => twilio.heldCount > 0, 30_000, `the provider holding ${which}`);
    await alerting.product.stack.kill('notification', 'SIGKILL');
    // The answer goes to a dead connection: the message was taken, and the service never heard so.
    twilio.release();
    twilio.hold = undefined;
    await alerting.product.stack.start('notification');
  }

  it('texts and charges each of 50 covering members once across a kill mid-wave, with one answer lost at the provider', { timeout: 180_000 }, async () => {
    const { product, billing } = alerting;
    let alertPosts = 0;
    twilio.hold = (request) => isAlert(request.form.get('Body')) && ++alertPosts === 12;

    const form = new FormData();
    const fields = { reporterName: 'Jo', reporterPhone: '5415550399', size: 'Basketball', elevation: '8', address: '9 Swarm Street, Eugene, OR, USA', recaptchaToken: 'dev-token', idempotencyId: randomUUID() };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };

    await killWhileProviderHolds('the 12th alert');
    const textedAtKill = posts(isAlert).length;
    expect(textedAtKill).toBeLessThan(WAVE);

    await waitUntil(
      async () => new Set(posts(isAlert).map((request) => request.form.get('To'))).size >= WAVE && Object.values(await unfinishedAlertJobs(alerting.alerts)).every((count) => count === 0),
      90_000,
      'every member alerted and the alert jobs done',
    ).catch(async (error: unknown) => {
      // What a failure needs to be understood: who was never texted, the jobs left, the recorded alerts, and what the
      // notification service logged above info.
      const texted = new Set(posts(isAlert).map((request) => request.form.get('To')));
      const untexted = PHONES.filter((phone) => !texted.has(`+1${phone}`));
      const states = countBy((await notificationDb().collection<{ state: string; reportId: string }>('sent_alerts').find({ reportId }).toArray()).map((alert) => alert.state));
      const warnings = product.notificationLog().filter((line) => Number(line.level) >= 40).map((line) => JSON.stringify(line).slice(0, 400));
      throw new Error(
        `${String(error)}\nuntexted: ${untexted.join(', ')}\nunfinished jobs: ${JSON.stringify(await unfinishedAlertJobs(alerting.alerts))}\nsent_alerts: ${JSON.stringify([...states])}\nnotification warnings:\n${warnings.join('\n')}`,
      );
    });
    const textsPerPhone = countBy(posts(isAlert).map((request) => request.form.get('To') ?? ''));
    expect([...textsPerPhone].filter(([, count]) => count !== 1), 'members texted more than once').toEqual([]);
    expect([...textsPerPhone.keys()].sort()).toEqual(PHONES.map((phone) => `+1${phone}`).sort());

    const sentAlerts = await notificationDb().collection<{ _id: string; state: string; reportId: string }>('sent_alerts').find({ reportId }).toArray();
    expect(countBy(sentAlerts.map((alert) => alert.state))).toEqual(new Map([['sent', WAVE]]));

    const { entries } = await billing.listLedgerEntries({ companyId });
    const charges = entries.filter((entry) => entry.kind === LedgerEntryKind.ALERT_CHARGE && entry.reportId === reportId);
    expect(charges).toHaveLength(WAVE);
    expect(countBy(charges.map((charge) => charge.memberId)).size).toBe(WAVE);
    expect(entries.filter((entry) => entry.kind !== LedgerEntryKind.ALERT_CHARGE && entry.kind !== LedgerEntryKind.TOP_UP), 'refunds or other lines').toEqual([]);
    expect((await billing.getBalance({ companyId })).balanceCents).toBe(TOP_UP_CENTS - 7 * WAVE);

    const insights = createClient(InsightsService, createConnectTransport({ baseUrl: product.stack.urls.insights, httpVersion: '2' }));
    const totalNow = async () =>
      (await insights.getAssociationStatistics({ companyId, since: timestampFromDate(new Date(Date.now() - 86_400_000)), until: timestampFromDate(new Date(Date.now() + 86_400_000)) })).total;
    // Counted from alert.sent once the insights service has it; never more than once per alert. The events arrive
    // after the texts, later still on a loaded machine (the test then says what was counted).
    await waitUntil(async () => (await totalNow())?.alertsSent === WAVE, 60_000, 'every alert in the statistics').catch(async (error: unknown) => {
      throw new Error(`${String(error)}; counted ${JSON.stringify({ alerts: (await totalNow())?.alertsSent, cents: (await totalNow())?.alertsCostCents })}`);
    });
    const total = await totalNow();
    expect({ alerts: total?.alertsSent, cents: total?.alertsCostCents }).toEqual({ alerts: WAVE, cents: 7 * WAVE });
    console.info(`send window: ${textedAtKill} of ${WAVE} alerts texted when notification was killed; ${posts(isAlert).length} alert texts in all`);

    // The location text: held by the provider while the service dies, then report.claimed delivered once more.
    const claimer = PHONES[3]!;
    twilio.hold = (request) => isLocation(request.form.get('Body'));
    const claimCode = /code (\d{5})/.exec(posts(isAlert).find((request) => request.form.get('To') === `+1${claimer}`)?.form.get('Body') ?? '')?.[1] ?? '';
    expect(await textProduct(claimer, claimCode)).toContain(`You claimed the swarm ${claimCode}`);
    await killWhileProviderHolds('the location text');
    await waitUntil(
      async () => (await notificationDb().collection<{ state: string; purpose: string; reportId: string }>('sent_texts').findOne({ reportId, purpose: 'claimer-location' }))?.state === 'sent',
      30_000,
      'the location text recorded as sent after the restart',
    );

    const bus = await NatsEventBus.connect({ servers: testNatsUrl(), connectionName: 'send-window-test', stream: product.stream, subjectPrefix: product.subjectPrefix, ackWaitMs: 3_000, logger: testLogger() });
    try {
      const claimedAt = (await mongo.db(`${product.databasePrefix}_report`).collection<{ _id: string; claimedAt?: Date }>('reports').findOne({ _id: reportId }))?.claimedAt;
      expect(claimedAt).toBeInstanceOf(Date);
      await bus.publish(ReportClaimedEvent.toMessage(`redelivered-${randomUUID()}`, { reportId, memberId: memberIdOf.get(claimer) ?? '', claimedAt: timestampFromDate(claimedAt!) }));
      await waitUntil(
        () => product.notificationLog().filter((line) => line.msg === 'claim location' && line.reportId === reportId && (line.channels as { sms?: string } | undefined)?.sms === 'already-sent').length > 0,
        20_000,
        'the redelivered claim to be handled',
      );
    } finally {
      await bus.close();
    }
    const locationTexts = posts(isLocation);
    expect(locationTexts.map((request) => request.form.get('To'))).toEqual([`+1${claimer}`]);
  });

  /** A keeper's SMS to the product through the signed webhook; answers the reply. */
  async function textProduct(phone: string, body: string): Promise<string> {
    const { status, reply } = await textAsTwilio(alerting.product.baseUrl, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, to: SENDER }, phone, body);
    expect(status).toBe(200);
    return reply;
  }

});
