import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ClaimOutcome, ReportState } from '@swarm/proto/report/v1/report';
import { FakeTwilio, waitUntil } from '@swarm/testing';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsEncodingOf, smsSegmentsOf } from '@swarm/notification-service';
import { startAlertingProduct, startEmbeddedProduct, type AlertingProduct, type AlertJobData, type RunningProduct } from './product-harness.js';

const ACCOUNT_SID = `AC${'7b'.repeat(16)}`;
const AUTH_TOKEN = 'e2e-reporter-loop-token';
const SENDER = '+15035550000';
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 }));

type Keeper = { name: string; phone: string; address: string; memberId: string; email: string };

/**
 * The product around the alert, across its processes (NATS, BullMQ on Redis, the Twilio adapter to a Twilio-shaped
 * server, signed webhook replies): the reporter texted when a beekeeper claims and un-claims, GONE from the reporter,
 * the claimer's outcome by SMS, escalation to a member further away, and expiry. Delays are read off the queued jobs and
 * the jobs promoted by hand: a controllable clock, no sleeping. Then the same on the embedded default, through the dev
 * outbox page a developer uses.
 */
function harness(extraEnv: Record<string, string> = {}) {
  const twilio = new FakeTwilio();
  const state = { alerting: undefined as AlertingProduct | undefined, companyId: '' };
  const product = () => {
    if (!state.alerting) throw new Error('the product is not started');
    return state.alerting;
  };

  async function start(keepers: Keeper[], availability: Record<string, { rangeInMiles?: number; extraMiles?: number }> = {}) {
    await twilio.start();
    state.alerting = await startAlertingProduct(twilio, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: SENDER }, extraEnv);
    const { member, billing } = state.alerting;
    const { association } = await billing.createAssociation({ companyName: 'Lane County Beekeepers', donationUrl: '' });
    state.companyId = association?.companyId ?? '';
    await billing.topUp({ companyId: state.companyId, amountCents: 2_000, topUpId: `loop-${randomUUID()}` });
    for (const keeper of keepers) {
      keeper.email = `${keeper.name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
      const { member: created } = await member.ensureMember({ email: keeper.email });
      keeper.memberId = created?.memberId ?? '';
      await member.updateMemberInformation({ memberId: keeper.memberId, name: `${keeper.name} Keeper`, phoneNumber: keeper.phone, address: keeper.address });
      await member.updateAvailability({ memberId: keeper.memberId, elevationMaximumFeet: 50, dayHours: ALL_DAY, ...availability[keeper.name] });
      const { activationCode } = await billing.issueActivationCode({ companyId: state.companyId });
      await billing.joinAssociation({ memberId: keeper.memberId, activationCode });
    }
  }

  async function stop() {
    await state.alerting?.stop();
    await twilio.stop();
  }

  const textsTo = (phone: string) => twilio.received.filter((request) => request.form.get('To') === `+1${phone}`).map((request) => request.form.get('Body') ?? '');
  const balance = async () => (await product().billing.getBalance({ companyId: state.companyId })).balanceCents;

  async function report(street: string, reporterPhone: string, reporterUpdates: boolean | undefined, reporterLanguage?: 'en' | 'es'): Promise<string> {
    const form = new FormData();
    const fields: Record<string, string> = {
      reporterName: 'Jo Reporter',
      reporterPhone,
      size: 'Softball',
      elevation: '8',
      address: `${street}, Eugene, OR, USA`,
      recaptchaToken: 'dev-token',
      idempotencyId: randomUUID(),
      ...(reporterUpdates === undefined ? {} : { reporterUpdates: String(reporterUpdates) }),
      ...(reporterLanguage ? { reporterLanguage } : {}),
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${product().product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reportId: string }).reportId;
  }

  /** An SMS to the product as Twilio delivers it, signed with its documented formula. */
  async function text(phone: string, body: string): Promise<string> {
    const url = `${product().product.baseUrl.replace('127.0.0.1', 'localhost')}/api/sms/inbound`;
    const params: Record<string, string> = { From: `+1${phone}`, To: SENDER, Body: body, MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: ACCOUNT_SID };
    const payload = Object.keys(params)
      .sort()
      .reduce((signedText, name) => signedText + name + params[name], url);
    const signature = createHmac('sha1', AUTH_TOKEN).update(payload).digest('base64');
    const response = await fetch(`${product().product.baseUrl}/api/sms/inbound`, { method: 'POST', headers: { 'x-twilio-signature': signature }, body: new URLSearchParams(params) });
    expect(response.status).toBe(200);
    return (await response.text()).replace(/<[^>]+>/g, '').replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  }

  async function pendingJob(kind: string, reportId: string, memberId?: string): Promise<Job<AlertJobData> | undefined> {
    const jobs = await product().alerts.getJobs(['delayed', 'waiting', 'prioritized']);
    return jobs.find((job) => {
      const data = job?.data.job as { kind?: string; reportId: string; memberId?: string } | undefined;
      return data?.kind === kind && data.reportId === reportId && (memberId === undefined || data.memberId === memberId);
    });
  }

  async function promote(kind: string, reportId: string, memberId?: string): Promise<void> {
    await waitUntil(async () => (await pendingJob(kind, reportId, memberId)) !== undefined, 15_000, `a pending ${kind} job`);
    await (await pendingJob(kind, reportId, memberId))?.promote();
  }

  /** A logged-in member area, by the emailed link in the dev outbox, as a browser would. */
  async function sessionOf(email: string): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
    const baseUrl = product().product.baseUrl;
    await fetch(`${baseUrl}/api/oauth/magic-login/member`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }) });
    const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const opened = await fetch(`${baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    const cookie = (opened.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    return (method, path, body) =>
      fetch(`${baseUrl}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  return { twilio, product, start, stop, textsTo, balance, report, text, pendingJob, promote, sessionOf };
}

const codeOf = (alert: string | undefined) => alert?.match(/\d{5}$/)?.[0] ?? '';

/** Each text one segment by the encoding a provider would use: 160 GSM-7 characters, or 70 once one is outside GSM-7. */
function expectOneSegmentEach(texts: string[]): void {
  for (const text of texts) expect(smsSegmentsOf(text), `${smsEncodingOf(text)}, ${text.length} characters: ${text}`).toBe(1);
}

describe('distributed mode: the reporter in the loop, outcomes and escalation', () => {
  const loop = harness();
  const ada: Keeper = { name: 'Ada', phone: '5415550111', address: '1 Comb Court, Eugene, OR, USA', memberId: '', email: '' };
  const grace: Keeper = { name: 'Grace', phone: '5415550112', address: '2 Comb Court, Eugene, OR, USA', memberId: '', email: '' };
  // About 36 miles from Eugene: outside her 25-mile range, inside it with 15 extra miles for unclaimed swarms.
  const wendy: Keeper = { name: 'Wendy', phone: '5415550113', address: '3 Oak Street, Corvallis, OR, USA', memberId: '', email: '' };
  const reporter = '5415550177';
  const silentReporter = '5415550178';
  const spanishReporter = '5415550176';

  beforeAll(() => loop.start([ada, grace, wendy], { Wendy: { rangeInMiles: 25, extraMiles: 15 } }), 180_000);
  afterAll(() => loop.stop());

  it('texts the reporter who consented on claim and un-claim, takes the outcome by SMS, and on GONE tells the claimer, who keeps the claim', { timeout: 150_000 }, async () => {
    const reportId = await loop.report('10 Hive Lane', reporter, true);
    await waitUntil(() => loop.textsTo(ada.phone).length === 1 && loop.textsTo(grace.phone).length === 1, 30_000, 'both alerts');
    expect(loop.textsTo(wendy.phone)).toEqual([]);
    await waitUntil(async () => (await loop.pendingJob('escalation', reportId, wendy.memberId)) !== undefined, 15_000, "Wendy's wider alert waiting");

    // Ada claims by SMS: the reporter hears who is coming, in one segment; the wider alert is called off.
    expect(await loop.text(ada.phone, codeOf(loop.textsTo(ada.phone)[0]))).toMatch(/claimed/i);
    await waitUntil(() => loop.textsTo(reporter).length === 1, 30_000, 'the reporter told of the claim');
    const [claimedText = ''] = loop.textsTo(reporter);
    expect(claimedText).toContain('Ada');
    expect(claimedText).toContain('Lane County Beekeepers');
    expect(claimedText).toMatch(/call/i);
    expect(claimedText.length).toBeLessThanOrEqual(160);
    await waitUntil(async () => (await loop.pendingJob('escalation', reportId, wendy.memberId)) === undefined, 15_000, 'the wider alert cancelled');

    // The outcome prompt comes later: promoted here. A lone digit answers it, and the member area shows it.
    await loop.promote('outcome-prompt', reportId, ada.memberId);
    await waitUntil(() => loop.textsTo(ada.phone).some((body) => body.includes('How did it go?')), 30_000, 'the outcome prompt');
    const prompt = loop.textsTo(ada.phone).find((body) => body.includes('How did it go?')) ?? '';
    expect(prompt).toContain('Reply 1 captured, 2 gone before arrival, 3 not honey bees, 4 could not reach, 5 other');
    expect(prompt.length).toBeLessThanOrEqual(160);
    expect(await loop.text(ada.phone, '1')).not.toMatch(/to claim a swarm, reply with the 5-digit code/);
    const adaArea = await loop.sessionOf(ada.email);
    await waitUntil(
      async () => ((await (await adaArea('GET', '/api/member/report/claimed')).json()) as { reportId: string; outcome: string | null }[]).some((row) => row.reportId === reportId && row.outcome === 'Captured'),
      15_000,
      'the outcome in the Claimed Swarms list',
    );

    // Ada lets it go: the reporter is told others are being alerted, and Grace is alerted again.
    const unclaimed = await adaArea('PUT', '/api/member/report/unclaim', { reportId });
    expect(unclaimed.status).toBe(200);
    await waitUntil(() => loop.textsTo(reporter).length === 2, 30_000, 'the reporter told of the un-claim');
    expect(loop.textsTo(reporter)[1]).toMatch(/other beekeepers/i);
    await waitUntil(() => loop.textsTo(grace.phone).length === 2, 30_000, "Grace's second alert");

    // Grace claims; then the reporter texts GONE: Grace is told the reporter says it left, the reporter thanked; the
    // report stays under her Claimed Swarms with its outcome prompt and close, so she can still say what happened.
    expect(await loop.text(grace.phone, codeOf(loop.textsTo(grace.phone)[1]))).toMatch(/claimed/i);
    await waitUntil(() => loop.textsTo(reporter).length === 3, 30_000, 'the reporter told of the second claim');
    expect(loop.textsTo(reporter)[2]).toContain('Grace');
    const graceTexts = loop.textsTo(grace.phone).length;
    expect(await loop.text(reporter, 'Gone now')).toMatch(/thank.*told the beekeeper/i);
    await waitUntil(() => loop.textsTo(grace.phone).length > graceTexts && /reporter says/i.test(loop.textsTo(grace.phone).at(-1) ?? ''), 30_000, 'the claimer told the swarm left');
    expect(loop.textsTo(grace.phone).at(-1)).not.toMatch(/no need to go/i);
    const graceArea = await loop.sessionOf(grace.email);
    const claimed = (await (await graceArea('GET', '/api/member/report/claimed')).json()) as { reportId: string }[];
    expect(claimed.map((row) => row.reportId)).toContain(reportId);
    expect(await loop.pendingJob('outcome-prompt', reportId, grace.memberId)).toBeDefined();
    expect((await graceArea('POST', `/api/member/report/${reportId}/outcome`, { outcome: 'Gone before arrival' })).status).toBe(200);

    // Reporter texts are never charged: two alerts of 7 cents (Ada, Grace); Grace's re-alert after the un-claim is the
    // same (report, member) charge, which billing makes once.
    await expect.poll(() => loop.balance(), { timeout: 10_000 }).toBe(2_000 - 14);
    // Any other text from the reporter gets the reporter's help, not the member's.
    expect(await loop.text(reporter, 'hello?')).not.toMatch(/reply with the 5-digit code/i);
  });

  it('texts a reporter who used the site in Spanish in Spanish, one segment each, and tells the beekeepers they speak Spanish', { timeout: 150_000 }, async () => {
    const adaTexts = loop.textsTo(ada.phone).length;
    const graceTexts = loop.textsTo(grace.phone).length;
    const reportId = await loop.report('40 Hive Lane', spanishReporter, true, 'es');
    // Ada gave her claim back, so she is alerted at once; Grace's alert waits behind her claim, promoted here.
    await waitUntil(() => loop.textsTo(ada.phone).length === adaTexts + 1, 30_000, "Ada's alert");
    await loop.promote('alert', reportId, grace.memberId);
    await waitUntil(() => loop.textsTo(grace.phone).length === graceTexts + 1, 30_000, "Grace's alert");
    const alerts = [loop.textsTo(ada.phone).at(-1) ?? '', loop.textsTo(grace.phone).at(-1) ?? ''];
    for (const alert of alerts) {
      expect(alert).toContain('Reporter speaks Spanish.');
      expect(smsEncodingOf(alert)).toBe('GSM-7');
    }
    expectOneSegmentEach(alerts);

    expect(await loop.text(grace.phone, codeOf(alerts[1]))).toMatch(/claimed/i);
    await waitUntil(() => loop.textsTo(spanishReporter).length === 1, 30_000, 'the reporter told of the claim, in Spanish');
    expect(loop.textsTo(spanishReporter)[0]).toBe(
      'Swarm Alert: Grace de Lane County Beekeepers va en camino por su enjambre y le va a llamar antes de llegar. Si el enjambre se va, responda SE FUE.',
    );
    const graceArea = await loop.sessionOf(grace.email);
    expect((await graceArea('PUT', '/api/member/report/unclaim', { reportId })).status).toBe(200);
    await waitUntil(() => loop.textsTo(spanishReporter).length === 2, 30_000, 'the reporter told of the un-claim, in Spanish');
    expect(loop.textsTo(spanishReporter)[1]).toMatch(/^Swarm Alert: el apicultor que iba por su enjambre ya no puede ir\./);
    // Ada is alerted again, in the same words: the swarm is still the Spanish speaker's.
    const code = codeOf(alerts[0]);
    await waitUntil(() => loop.textsTo(ada.phone).filter((body) => body.endsWith(code)).length === 2, 30_000, "Ada's second alert");
    expect(loop.textsTo(ada.phone).at(-1)).toContain('Reporter speaks Spanish.');

    // The answers to the reporter's own texts are in Spanish too: HELP, STOP, START, then SE FUE closes the report.
    const answers = [
      await loop.text(spanishReporter, 'AYUDA'),
      await loop.text(spanishReporter, 'STOP'),
      await loop.text(spanishReporter, 'START'),
      await loop.text(spanishReporter, 'Se fue'),
    ];
    expect(answers).toEqual([
      'Swarm Alert: si el enjambre ya se fue, responda SE FUE. Para dejar de recibir mensajes, responda STOP. ¡Gracias por avisarnos del enjambre!',
      'Swarm Alert: ya no le enviaremos mensajes. Responda START para recibirlos de nuevo.',
      'Swarm Alert: los mensajes sobre su reporte de enjambre vuelven a estar activos. Responda STOP para dejar de recibirlos.',
      'Swarm Alert: gracias por avisarnos que el enjambre se fue. Cerramos su reporte y ya no vamos a enviar a un apicultor.',
    ]);
    expectOneSegmentEach([...loop.textsTo(spanishReporter), ...answers]);
    // An English reporter's alerts stay as they were.
    expect(loop.textsTo(ada.phone).slice(0, adaTexts).join('\n')).not.toContain('Spanish');
  });

  it('escalates an unclaimed report to the member further away once, and texts no reporter who did not consent', { timeout: 150_000 }, async () => {
    const before = await loop.balance();
    const adaTexts = loop.textsTo(ada.phone).length;
    const reportId = await loop.report('20 Hive Lane', silentReporter, undefined);
    // Ada gave her claim back, so it does not count and she is alerted at once; Grace's claim delays hers 10 minutes.
    await waitUntil(() => loop.textsTo(ada.phone).length === adaTexts + 1, 30_000, "Ada's alert");
    const code = codeOf(loop.textsTo(ada.phone).at(-1));
    expect(await loop.pendingJob('alert', reportId, grace.memberId)).toBeDefined();

    // The wider alert waits for its own delay: promoted here.
    await loop.promote('escalation', reportId, wendy.memberId);
    await waitUntil(() => loop.textsTo(wendy.phone).length === 1, 30_000, "Wendy's wider alert");
    const [wider = ''] = loop.textsTo(wendy.phone);
    expect(wider).toMatch(/wider/i);
    expect(codeOf(wider)).toBe(code);
    expect(wider.length).toBeLessThanOrEqual(160);
    await expect.poll(() => loop.balance(), { timeout: 10_000 }).toBe(before - 14);

    // Wendy claims and lets it go: the escalation is scheduled again, but nobody is alerted twice about it.
    expect(await loop.text(wendy.phone, code)).toMatch(/claimed/i);
    const wendyArea = await loop.sessionOf(wendy.email);
    await waitUntil(async () => (await wendyArea('PUT', '/api/member/report/unclaim', { reportId })).status === 200, 15_000, 'the un-claim');
    await loop.promote('escalation', reportId, wendy.memberId);
    await waitUntil(async () => (await loop.pendingJob('escalation', reportId, wendy.memberId)) === undefined, 15_000, 'the escalation run');
    // Ada is alerted again (a new round after the un-claim), which billing does not charge twice.
    await waitUntil(() => loop.textsTo(ada.phone).filter((body) => body.endsWith(code)).length === 2, 30_000, "Ada's second alert");
    expect(await loop.balance()).toBe(before - 14);
    expect(loop.textsTo(wendy.phone).filter((body) => /wider/i.test(body))).toHaveLength(1);
    expect(loop.textsTo(silentReporter)).toEqual([]);
  });
});

describe('distributed mode: a report nobody claims expires', () => {
  // A report is active for about 4 seconds here (REPORT_ACTIVE_HOURS takes fractions), so expiry is reached for real.
  const loop = harness({ REPORT_ACTIVE_HOURS: '0.001' });
  const ada: Keeper = { name: 'Ada', phone: '5415550121', address: '1 Comb Court, Eugene, OR, USA', memberId: '', email: '' };
  const reporter = '5415550179';
  const spanishReporter = '5415550180';

  beforeAll(() => loop.start([ada]), 180_000);
  afterAll(() => loop.stop());

  it('closes it, takes it off the member lists, and points the reporter elsewhere', { timeout: 90_000 }, async () => {
    const reportId = await loop.report('30 Hive Lane', reporter, true);
    await waitUntil(() => loop.textsTo(ada.phone).length === 1, 30_000, "Ada's alert");
    await waitUntil(() => loop.textsTo(reporter).length === 1, 30_000, 'the reporter told the report expired');
    const [expired = ''] = loop.textsTo(reporter);
    expect(expired).toContain('https://www.google.com/search?q=beekeepers+near+me');
    expect(expired.length).toBeLessThanOrEqual(160);
    const adaArea = await loop.sessionOf(ada.email);
    const active = (await (await adaArea('GET', '/api/member/report/active')).json()) as { reportId: string }[];
    expect(active.map((row) => row.reportId)).not.toContain(reportId);
    // The code is free again: claiming it by SMS finds nothing.
    expect(await loop.text(ada.phone, codeOf(loop.textsTo(ada.phone)[0]))).toMatch(/no open swarm/i);
  });

  it('points a Spanish-speaking reporter to a search in Spanish, in one segment', { timeout: 90_000 }, async () => {
    await loop.report('32 Hive Lane', spanishReporter, true, 'es');
    await waitUntil(() => loop.textsTo(spanishReporter).length === 1, 30_000, 'the reporter told the report expired, in Spanish');
    const [expired = ''] = loop.textsTo(spanishReporter);
    expect(expired).toBe('Swarm Alert: lo sentimos, no hubo un apicultor disponible para su enjambre. Para buscar uno cerca: https://www.google.com/search?q=apicultores+cerca+de+mi');
    expectOneSegmentEach([expired]);
  });
});

describe('embedded mode: the reporter in the loop through the dev outbox', () => {
  let product: RunningProduct;
  const reporter = '5035550188';
  beforeAll(async () => {
    product = await startEmbeddedProduct();
    await product.coverPlace({ latitude: 44.9429, longitude: -123.0351, address: '1 Comb Court, Salem, OR, USA', associationName: 'Salem Bees', donationUrl: '' });
  }, 60_000);
  afterAll(() => product.stop());

  type DevOutbox = { sms: { to: string; body: string }[]; smsReplies: { from: string; body: string; reply: string }[] };
  const outbox = async () => (await (await fetch(`${product.baseUrl}/api/dev/outbox`)).json()) as DevOutbox;
  /** Answers a text from the dev outbox page, as the number it went to. */
  const replyAs = async (to: string, body: string) => {
    const response = await fetch(`${product.baseUrl}/dev/outbox/sms/reply`, { method: 'POST', body: new URLSearchParams({ to, body }), redirect: 'manual' });
    expect(response.status).toBe(303);
    return (await outbox()).smsReplies[0]?.reply ?? '';
  };

  it('shows the texts to the reporter and lets one answer as the reporter', { timeout: 60_000 }, async () => {
    const form = new FormData();
    const fields = { reporterName: 'Jo Reporter', reporterPhone: reporter, size: 'Basketball', elevation: '6', address: '5 Comb Court, Salem, OR, USA', recaptchaToken: 'dev-token', idempotencyId: randomUUID(), reporterUpdates: 'true' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect((await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form })).status).toBe(201);

    await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === '5035550100'), 15_000, 'the alert in the dev outbox');
    const alert = (await outbox()).sms.find((sms) => sms.to === '5035550100')?.body;
    expect(await replyAs('5035550100', codeOf(alert))).toMatch(/claimed/i);

    await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === reporter), 15_000, 'the text to the reporter');
    expect((await outbox()).sms.find((sms) => sms.to === reporter)?.body).toBe(
      'Swarm Alert: Bea of Salem Bees is on the way for your swarm and will call you first. Reply GONE if it leaves.',
    );
    expect(await replyAs(reporter, 'gone')).toMatch(/thank you for letting us know/i);
    await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === '5035550100' && /reporter says .* has left/.test(sms.body)), 15_000, 'the claimer told');
  });

  it('texts a reporter who used the site in Spanish in Spanish through the dev outbox, one segment each', { timeout: 60_000 }, async () => {
    const spanishReporter = '5035550189';
    const keeper = await product.coverPlace({ latitude: 42.3265, longitude: -122.8756, address: '1 Comb Court, Medford, OR, USA', associationName: 'Medford Bees', donationUrl: '', phoneNumber: '5415550151' });
    const form = new FormData();
    const fields = { reporterName: 'Lupita', reporterPhone: spanishReporter, size: 'Softball', elevation: '6', address: '9 Comb Court, Medford, OR, USA', recaptchaToken: 'dev-token', idempotencyId: randomUUID(), reporterUpdates: 'true', reporterLanguage: 'es' };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    expect((await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form })).status).toBe(201);

    await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === '5415550151'), 15_000, 'the alert in the dev outbox');
    const alert = (await outbox()).sms.find((sms) => sms.to === '5415550151')?.body ?? '';
    expect(alert).toContain('Reporter speaks Spanish.');
    expect(await replyAs('5415550151', codeOf(alert))).toMatch(/claimed/i);

    await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === spanishReporter), 15_000, 'the text to the reporter');
    const claimed = (await outbox()).sms.find((sms) => sms.to === spanishReporter)?.body ?? '';
    expect(claimed).toMatch(/^Swarm Alert: \S+ de Medford Bees va en camino por su enjambre/);
    const help = await replyAs(spanishReporter, 'hola');
    const gone = await replyAs(spanishReporter, 'YA SE FUE');
    expect(help).toMatch(/^Swarm Alert: si el enjambre ya se fue, responda SE FUE\./);
    expect(gone).toBe('Swarm Alert: gracias por avisarnos que el enjambre se fue. Ya le avisamos al apicultor que lo iba a recoger.');
    expectOneSegmentEach([alert, claimed, help, gone]);
    expect(keeper.memberId).not.toBe('');
  });

  describe('GONE at each point of a claim, and the statistics', () => {
    const since = timestampFromDate(new Date(Date.now() - 24 * 3_600_000));
    const until = timestampFromDate(new Date(Date.now() + 24 * 3_600_000));
    /** A report at the place, claimed by SMS from the alert its one beekeeper got; answers the report id and code. */
    async function reportAndClaim(address: string, reporterPhone: string, keeperPhone: string): Promise<string> {
      const form = new FormData();
      const fields = { reporterName: 'Jo Reporter', reporterPhone, size: 'Softball', elevation: '6', address, recaptchaToken: 'dev-token', idempotencyId: randomUUID(), reporterUpdates: 'true' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const { reportId } = (await response.json()) as { reportId: string };
      await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === keeperPhone), 15_000, 'the alert');
      expect(await replyAs(keeperPhone, codeOf((await outbox()).sms.find((sms) => sms.to === keeperPhone)?.body))).toMatch(/claimed/i);
      await waitUntil(async () => (await outbox()).sms.some((sms) => sms.to === reporterPhone), 15_000, 'the reporter told of the claim');
      return reportId;
    }
    const textsTo = async (phone: string) => (await outbox()).sms.filter((sms) => sms.to === phone).map((sms) => sms.body);
    const claimedBy = async (memberId: string) => (await product.reports.listClaimedReportsForMember({ memberId })).reports;
    const totalOf = async (companyId: string) => (await product.insights.getAssociationStatistics({ companyId, since, until })).total;

    it('after the outcome only thanks the reporter; while claimed tells the claimer and keeps the claim; while active closes the report; one end each in the statistics', { timeout: 60_000 }, async () => {
      // Each place its own beekeeper and association, far enough apart that each report alerts only its own.
      const eugene = await product.coverPlace({ latitude: 44.05, longitude: -123.09, address: '1 Comb Court, Eugene, OR, USA', associationName: 'Eugene Bees', donationUrl: '', phoneNumber: '5415550141' });
      const portland = await product.coverPlace({ latitude: 45.52, longitude: -122.68, address: '1 Comb Court, Portland, OR, USA', associationName: 'Portland Bees', donationUrl: '', phoneNumber: '5035550142' });
      const bend = await product.coverPlace({ latitude: 44.06, longitude: -121.31, address: '1 Comb Court, Bend, OR, USA', associationName: 'Bend Bees', donationUrl: '', phoneNumber: '5415550143' });

      // Collected and recorded 'Captured', then GONE: the reporter is thanked, the beekeeper hears nothing, nothing changes.
      const captured = await reportAndClaim('7 Comb Court, Eugene, OR, USA', '5415550171', '5415550141');
      await product.reports.recordClaimOutcome({ reportId: captured, memberId: eugene.memberId, outcome: 'Captured' });
      const eugeneTexts = (await textsTo('5415550141')).length;
      expect(await replyAs('5415550171', 'GONE')).toMatch(/thank you for letting us know! The beekeeper has already recorded/);
      // GONE while claimed (below) is texted within this wait; this one never is.
      const claimedWithoutOutcome = await reportAndClaim('7 Comb Court, Portland, OR, USA', '5035550172', '5035550142');
      expect(await replyAs('5035550172', 'gone')).toMatch(/We have told the beekeeper who took it/);
      await waitUntil(async () => (await textsTo('5035550142')).some((body) => /the reporter says swarm \d{5} has left/.test(body)), 15_000, 'the claimer told');
      expect(await textsTo('5415550141')).toHaveLength(eugeneTexts);
      expect((await claimedBy(eugene.memberId)).map((row) => [row.reportId, row.outcome])).toEqual([[captured, ClaimOutcome.CAPTURED]]);
      // Still the claimer's: listed under Claimed Swarms, where they record what they found.
      expect((await claimedBy(portland.memberId)).map((row) => row.reportId)).toEqual([claimedWithoutOutcome]);
      await product.reports.recordClaimOutcome({ reportId: claimedWithoutOutcome, memberId: portland.memberId, outcome: 'Gone before arrival' });

      // Given back, then GONE while active: the report closes as departed.
      const givenBack = await reportAndClaim('7 Comb Court, Bend, OR, USA', '5415550173', '5415550143');
      await product.reports.unclaimReport({ reportId: givenBack, memberId: bend.memberId });
      await waitUntil(async () => (await textsTo('5415550173')).length === 2, 15_000, 'the reporter told of the un-claim');
      expect(await replyAs('5415550173', 'Left')).toMatch(/Your report is closed; no beekeeper will come/);
      await waitUntil(async () => (await product.reports.getReport({ reportId: givenBack })).report?.state === ReportState.DEPARTED, 15_000, 'the departure');

      const outcomes = (counts: Partial<Record<'captured' | 'goneBeforeArrival' | 'unrecorded', number>>) => ({ captured: 0, goneBeforeArrival: 0, notHoneyBees: 0, couldNotReach: 0, other: 0, unrecorded: 0, ...counts });
      const expected = [
        [eugene.companyId, { reportsClaimed: 1, reportsDeparted: 0, outcomes: outcomes({ captured: 1 }) }],
        [portland.companyId, { reportsClaimed: 1, reportsDeparted: 0, outcomes: outcomes({ goneBeforeArrival: 1 }) }],
        [bend.companyId, { reportsClaimed: 1, reportsDeparted: 1, outcomes: outcomes({}) }],
      ] as const;
      for (const [companyId, figures] of expected) {
        await expect.poll(async () => await totalOf(companyId), { timeout: 15_000 }).toMatchObject({ reportsAlerted: 1, reportsExpired: 0, ...figures });
      }
    });
  });
});
