import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { LedgerEntryKind } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { FakeTwilio, LocalPushService, plainPng, waitUntil } from '@swarm/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertingProduct, textAsTwilio, type AlertingProduct } from './product-harness.js';

const ACCOUNT_SID = `AC${'c4'.repeat(16)}`;
const AUTH_TOKEN = 'alert-channels-token';
const SENDER = '+15415550000';
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));
const CHANNELS = ['sms', 'web', 'push', 'email'] as const;
const RACERS_PER_CHANNEL = 25;

type Keeper = { name: string; phone: string; email: string; memberId: string; channel: (typeof CHANNELS)[number] | 'none' };
type PushAlert = { type: string; title: string; body: string; image?: string; tag: string; claimCode: string; claimToken: string; claimUrl: string; actions: { action: string; title: string }[] };

/** A local SMTP server that keeps every message it is given, parsed. */
async function startSmtpSink(): Promise<{ url: string; received: ParsedMail[]; close(): Promise<void> }> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Alerts on the channels each beekeeper chose, across the processes of the distributed mode: Web Push through the
 * web-push adapter to a local RFC 8030 push service that decrypts what it receives, email through a local SMTP server,
 * SMS through the Twilio-shaped server. Each channel is charged at billing's price (text 7 cents, the others free),
 * a dead subscription is removed and the alert goes by the member's other channel, a claim token claims without a
 * session and serves once, and of 100 keepers claiming one swarm at once — by SMS, on the web, from a notification
 * and from an alert email — exactly one wins.
 */
describe('distributed mode: alerts by notification, email and SMS, and claims from each', () => {
  const twilio = new FakeTwilio();
  const pushService = new LocalPushService();
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let alerting: AlertingProduct;
  let companyId = '';

  beforeAll(async () => {
    await Promise.all([twilio.start(), pushService.start()]);
    smtp = await startSmtpSink();
    // The notification process trusts the local push service's self-signed certificate.
    const certificateFile = join(mkdtempSync(join(tmpdir(), 'swarm-push-')), 'push-service.pem');
    writeFileSync(certificateFile, pushService.certificate);
    alerting = await startAlertingProduct(
      twilio,
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: SENDER },
      {
        PUSH_SENDER: 'web-push',
        CLAIM_TOKEN_SECRET: randomBytes(32).toString('base64url'),
        NODE_EXTRA_CA_CERTS: certificateFile,
        PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true',
        SMTP_URL: smtp.url,
        ALERT_CLAIMS_PER_HOUR_PER_CLIENT: '100000',
        MAGIC_LINK_LIMIT_PER_CLIENT: '100000',
      },
    );
    const { association } = await alerting.billing.createAssociation({ companyName: 'Lane County Beekeepers', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await alerting.billing.topUp({ companyId, amountCents: 10_000, topUpId: `channels-${randomUUID()}` });
  }, 180_000);

  afterAll(async () => {
    await alerting?.stop();
    await Promise.all([twilio.stop(), pushService.stop(), smtp?.close()]);
  });

  async function keeper(name: string, phone: string, channels: { sms: boolean; push: boolean; email: boolean }, device?: ReturnType<LocalPushService['subscribe']>): Promise<Keeper> {
    const { member, billing } = alerting;
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { member: created } = await member.ensureMember({ email });
    const memberId = created?.memberId ?? '';
    await member.updateMemberInformation({ memberId, name: `${name} Keeper`, phoneNumber: phone, address: `${phone.slice(-3)} Comb Court, Eugene, OR, USA` });
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours: ALL_DAY });
    if (device) await member.addPushDevice({ memberId, name: `${name}'s phone`, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
    await member.setAlertChannels({ memberId, channels });
    const { activationCode } = await billing.issueActivationCode({ companyId });
    await billing.joinAssociation({ memberId, activationCode });
    return { name, phone, email, memberId, channel: 'none' };
  }

  async function report(street: string, picture?: Buffer): Promise<string> {
    const form = new FormData();
    if (picture) form.append('image', new File([picture], 'swarm.png', { type: 'image/png' }));
    const fields = { reporterName: 'Jo', reporterPhone: '5415550399', size: 'Basketball', elevation: '8', address: `${street}, Eugene, OR, USA`, recaptchaToken: 'dev-token', idempotencyId: randomUUID() };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${alerting.product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reportId: string }).reportId;
  }

  const pushesTo = (endpoint: string) => pushService.received.filter((push) => push.endpoint === endpoint).map((push) => push.payload as PushAlert);
  const emailsTo = (address: string) => smtp.received.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address)));
  const textsTo = (phone: string) => twilio.received.filter((request) => request.form.get('To') === `+1${phone}`).map((request) => request.form.get('Body') ?? '');
  const claimWithToken = (token: string) =>
    fetch(`${alerting.product.baseUrl}/api/alerts/claim`, { method: 'POST', headers: { 'content-type': 'application/json', origin: alerting.product.baseUrl }, body: JSON.stringify({ token }) });

  async function chargesOf(reportId: string): Promise<{ memberId: string; channel: number; amountCents: number; kind: LedgerEntryKind }[]> {
    const { entries } = await alerting.billing.listLedgerEntries({ companyId });
    return entries.filter((entry) => entry.reportId === reportId).map(({ memberId, channel, amountCents, kind }) => ({ memberId, channel, amountCents, kind }));
  }

  it('alerts each member on the channels they chose, charges only the text, and claims from the notification without a session', { timeout: 120_000 }, async () => {
    const pushDevice = pushService.subscribe();
    const deadDevice = pushService.subscribe();
    const ada = await keeper('Ada', '5415550501', { sms: false, push: true, email: false }, pushDevice);
    const bea = await keeper('Bea', '5415550502', { sms: false, push: false, email: true });
    const cal = await keeper('Cal', '5415550503', { sms: true, push: true, email: false }, deadDevice);
    pushService.expire(deadDevice.endpoint);

    const reportId = await report('9 Swarm Street', plainPng(640, 480));
    await waitUntil(() => pushesTo(pushDevice.endpoint).length > 0 && emailsTo(bea.email).length > 0 && textsTo(cal.phone).length > 0, 30_000, 'the alert on every chosen channel');

    // The notification: the facts and the town, never the street; the claim code, a claim token and the two actions.
    const [push] = pushesTo(pushDevice.endpoint);
    expect(push).toMatchObject({ type: 'swarm-alert', title: 'Swarm Alert', tag: `swarm-report-${reportId}`, actions: [{ action: 'claim', title: 'Claim' }, { action: 'not-now', title: 'Not now' }] });
    expect(push?.body).toMatch(/^Basketball swarm, 8 ft up, \d+\.\d mi from home, in Eugene, OR\. Claim code \d{5}$/);
    expect(push?.body).not.toContain('Swarm Street');
    expect(push?.claimUrl).toMatch(/^http:\/\/localhost:\d+\/api\/alerts\/claim$/);
    // The picture: a signed address that serves the thumbnail to whoever holds the notification, no session needed.
    expect(push?.image).toMatch(/^http:\/\/localhost:\d+\/api\/alerts\/claim\/[A-Za-z0-9._-]+\/thumbnail$/);
    const thumbnail = await fetch(`${alerting.product.baseUrl}${new URL(push?.image ?? '').pathname}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    expect((await fetch(`${alerting.product.baseUrl}/api/alerts/claim/not.atoken/thumbnail`)).status).toBe(404);
    const received = pushService.received.find((message) => message.endpoint === pushDevice.endpoint);
    expect(received).toMatchObject({ urgency: 'high' });
    expect(received?.ttlSeconds).toBeGreaterThan(0);

    // The email: the same facts, a link to the claim page, never the street.
    const [email] = emailsTo(bea.email);
    expect(email?.subject).toContain(`Claim code ${push?.claimCode}`);
    expect(email?.text).toMatch(/See the swarm and claim it: http:\/\/localhost:\d+\/claim\/[A-Za-z0-9._-]+/);
    expect(email?.text).not.toContain('Swarm Street');
    // Sent under its key's Message-ID: a send repeated after a crash is the same message to mail systems.
    expect(email?.messageId).toBe(`<alert--${reportId}--${bea.memberId}--submitted--email@swarm-alert>`);

    // The dead subscription was removed from Cal's devices; the text message still reached Cal.
    await waitUntil(async () => (await alerting.member.getAlertChannels({ memberId: cal.memberId })).devices.length === 0, 10_000, 'the dead device removed');
    expect(textsTo(cal.phone)).toHaveLength(1);

    // Charged: Cal's text only (7 cents); the notification and the email are free and record no line.
    await waitUntil(async () => (await chargesOf(reportId)).length > 0, 10_000, 'the charges');
    expect(await chargesOf(reportId)).toEqual([{ memberId: cal.memberId, channel: 1, amountCents: -7, kind: LedgerEntryKind.ALERT_CHARGE }]);

    // Opening the claim page's data claims nothing; the Claim action (the service worker's POST) claims without a session.
    const view = await fetch(`${alerting.product.baseUrl}/api/alerts/claim/${push?.claimToken}`);
    expect(view.status).toBe(200);
    expect(await view.json()).toMatchObject({ reportId, claimCode: push?.claimCode, town: 'Eugene, OR', state: 'open', test: false });
    const claimed = await claimWithToken(push?.claimToken ?? '');
    expect(claimed.status).toBe(200);
    const answer = (await claimed.json()) as { outcome: string; message: string; claimCode: string; location?: { address: string; mapUrl: string } };
    expect(answer).toMatchObject({ outcome: 'claimed', claimCode: push?.claimCode });
    // Said under the title 'Swarm … is yours': the place and the reporter, one field each for the page's links.
    expect(answer.message).toMatch(/^Address: 9 Swarm Street/);
    expect(answer.location).toMatchObject({ address: expect.stringContaining('9 Swarm Street'), mapUrl: expect.stringMatching(/^https:\/\/maps\.google\.com\//) });
    // The location follows on Ada's own channel, a notification (she chose no text messages), as after every claim.
    await waitUntil(() => pushesTo(pushDevice.endpoint).some((sent) => (sent as { type?: string }).type === 'swarm-location'), 20_000, 'the location notification');
    const location = pushesTo(pushDevice.endpoint).find((sent) => (sent as { type?: string }).type === 'swarm-location') as unknown as { title: string; body: string; url: string };
    expect(location).toMatchObject({ title: `Swarm ${push?.claimCode} is yours`, body: expect.stringContaining('Address: 9 Swarm Street'), url: answer.location?.mapUrl });
    expect(textsTo(ada.phone)).toEqual([]);

    // A token serves once: used again, it answers the first outcome and changes nothing; forged or foreign, it is refused.
    expect(await (await claimWithToken(push?.claimToken ?? '')).json()).toMatchObject({ outcome: 'claimed' });
    const emailToken = /\/claim\/([A-Za-z0-9._-]+)/.exec(email?.text ?? '')?.[1] ?? '';
    expect(await (await claimWithToken(emailToken)).json()).toMatchObject({ outcome: 'taken', message: 'Another beekeeper claimed it first.' });
    const [claims, signature] = (push?.claimToken ?? '').split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()), m: bea.memberId })).toString('base64url');
    expect((await claimWithToken(`${forgedClaims}.${signature}`)).status).toBe(404);
    expect((await claimWithToken(`${claims}.${createHmac('sha256', 'not-the-secret').update(claims ?? '').digest('base64url')}`)).status).toBe(404);
    expect((await fetch(`${alerting.product.baseUrl}/api/alerts/claim/${forgedClaims}.${signature}`)).status).toBe(404);

    // The association's statistics count the alerts by channel and what they would have cost as texts.
    // The insights service counts them from the events, a moment after they were sent.
    const insights = createClient(InsightsService, createConnectTransport({ baseUrl: alerting.product.stack.urls.insights, httpVersion: '2' }));
    const totalNow = async () =>
      (await insights.getAssociationStatistics({ companyId, since: timestampFromDate(new Date(Date.now() - 86_400_000)), until: timestampFromDate(new Date(Date.now() + 86_400_000)) })).total;
    await waitUntil(async () => (await totalNow())?.alertsSent === 3, 15_000, 'the alerts in the statistics');
    expect(await totalNow()).toMatchObject({ alertsSent: 3, alertsCostCents: 7, alertsByText: 1, alertsByNotification: 1, alertsByEmail: 1, alertsCostByTextCents: 21 });
    const notification = createClient(NotificationService, createConnectTransport({ baseUrl: alerting.product.stack.urls.notification, httpVersion: '2' }));

    // 'Send me a test alert': like a real one on the member's device, and claiming it does nothing.
    const { channels } = await notification.sendTestAlert({ memberId: ada.memberId });
    expect(channels).toEqual([2]);
    const testAlert = pushesTo(pushDevice.endpoint).at(-1);
    expect(testAlert).toMatchObject({ title: 'Swarm Alert', body: 'Basketball swarm, 12 ft up, 1.5 mi from home, in Test alert. Claim code 00000' });
    expect(await (await claimWithToken(testAlert?.claimToken ?? '')).json()).toMatchObject({ outcome: 'test' });
  });

  it('gives one winner to 100 keepers claiming at once by SMS, on the web, from a notification and from an email', { timeout: 180_000 }, async () => {
    const keepers: Keeper[] = [];
    const devices = new Map<string, string>();
    for (let index = 0; index < CHANNELS.length * RACERS_PER_CHANNEL; index += 1) {
      const channel = CHANNELS[index % CHANNELS.length]!;
      const device = channel === 'push' ? pushService.subscribe() : undefined;
      const phone = `54155506${String(index).padStart(2, '0')}`;
      const chosen = { sms: channel === 'sms' || channel === 'web', push: channel === 'push', email: channel === 'email' };
      const racer = { ...(await keeper(`Racer${index}`, phone, chosen, device)), channel };
      if (device) devices.set(racer.memberId, device.endpoint);
      keepers.push(racer);
    }
    const reportId = await report('77 Race Road');
    await waitUntil(
      () =>
        keepers.every((racer) =>
          racer.channel === 'push' ? pushesTo(devices.get(racer.memberId) ?? '').length > 0 : racer.channel === 'email' ? emailsTo(racer.email).length > 0 : textsTo(racer.phone).length > 0,
        ),
      60_000,
      'every racer alerted on their channel',
    );
    const claimCode = /code (\d{5})/.exec(textsTo(keepers[0]!.phone)[0] ?? '')?.[1] ?? '';

    const contenders = await Promise.all(
      keepers.map(async (racer) => {
        if (racer.channel === 'web') return { racer, cookie: await sessionCookie(racer.email) };
        if (racer.channel === 'push') return { racer, token: pushesTo(devices.get(racer.memberId) ?? '').at(-1)?.claimToken ?? '' };
        if (racer.channel === 'email') return { racer, token: /\/claim\/([A-Za-z0-9._-]+)/.exec(emailsTo(racer.email).at(-1)?.text ?? '')?.[1] ?? '' };
        return { racer };
      }),
    );
    const outcomes = await Promise.all(
      contenders.map(async ({ racer, cookie, token }: { racer: Keeper; cookie?: string; token?: string }) => {
        if (racer.channel === 'sms') {
          const reply = await textProduct(racer.phone, claimCode);
          if (reply.includes('You claimed the swarm')) return 'won';
          return reply.includes('has already been claimed') ? 'lost' : `unexpected reply ${reply}`;
        }
        if (racer.channel === 'web') {
          const response = await fetch(`${alerting.product.baseUrl}/api/member/report/${reportId}/claim`, { headers: { cookie: cookie ?? '' } });
          if (response.status === 200) return 'won';
          return response.status >= 400 && response.status < 500 ? 'lost' : `unexpected status ${response.status}`;
        }
        const answer = (await (await claimWithToken(token ?? '')).json()) as { outcome: string };
        if (answer.outcome === 'claimed') return 'won';
        return answer.outcome === 'taken' ? 'lost' : `unexpected outcome ${answer.outcome}`;
      }),
    );
    const winners = contenders.filter((_, index) => outcomes[index] === 'won').map(({ racer }) => `${racer.name} (${racer.channel})`);
    console.info(`claim race: ${winners.join(', ')} won among ${keepers.length} keepers claiming by ${CHANNELS.join(', ')}`);
    expect(winners).toHaveLength(1);
    // Every other claim was answered as lost to the winner, on every channel.
    expect(outcomes.filter((outcome) => outcome !== 'won' && outcome !== 'lost')).toEqual([]);
  });

  /** A keeper's SMS to the product through the signed webhook; answers the reply. */
  async function textProduct(phone: string, body: string): Promise<string> {
    const { status, reply } = await textAsTwilio(alerting.product.baseUrl, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, to: SENDER }, phone, body);
    expect(status).toBe(200);
    return reply;
  }


  /** A member's session cookie: the emailed link asked for and opened (the gateway's dev outbox holds the email). */
  async function sessionCookie(email: string): Promise<string> {
    const baseUrl = alerting.product.baseUrl;
    const asked = await fetch(`${baseUrl}/api/oauth/magic-login/member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }),
    });
    expect(asked.status).toBeLessThan(300);
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const opened = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    return (opened.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  }
});
