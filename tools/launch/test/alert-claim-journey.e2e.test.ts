import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { FakeTwilio, waitUntil } from '@swarm/testing';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertingProduct, type AlertingProduct, type AlertJobData } from './product-harness.js';

const ACCOUNT_SID = `AC${'5a'.repeat(16)}`;
const AUTH_TOKEN = 'e2e-twilio-auth-token';
const SENDER = '+15035550000';
const TEN_MINUTES_MS = 10 * 60 * 1000;

/** Eugene, OR as the offline geocoder places it. */

/** Twilio's request signature, computed here from its documented formula, independently of the product's code. */
function signed(url: string, params: Record<string, string>): { signature: string; body: URLSearchParams } {
  const payload = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + params[name], url);
  return { signature: createHmac('sha1', AUTH_TOKEN).update(payload).digest('base64'), body: new URLSearchParams(params) };
}

/**
 * The heart of the product across its processes: NATS JetStream between services, alert jobs in BullMQ on Redis, SMS
 * through the Twilio adapter to a local server speaking Twilio's Messages API, and replies through the signed webhook.
 * Delays are read off the scheduled jobs and jobs are promoted by hand: a controllable clock, no sleeping.
 */
describe('distributed mode: alert, reply with the code, claim, un-claim, mark as bad', () => {
  const twilio = new FakeTwilio();
  let alerting: AlertingProduct;
  let companyId = '';
  const keepers = { ada: { phone: '5415550101', memberId: '', email: '' }, grace: { phone: '5415550102', memberId: '', email: '' } };

  beforeAll(async () => {
    await twilio.start();
    alerting = await startAlertingProduct(twilio, { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: SENDER });
    const { member, billing } = alerting;
    const { association } = await billing.createAssociation({ companyName: 'Lane County Beekeepers', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: 2_000, topUpId: `journey-${randomUUID()}` });
    for (const [name, keeper] of Object.entries(keepers)) {
      keeper.email = `${name}-${randomUUID().slice(0, 8)}@example.org`;
      const { member: created } = await member.ensureMember({ email: keeper.email });
      keeper.memberId = created?.memberId ?? '';
      await member.updateMemberInformation({ memberId: keeper.memberId, name: `${name} Keeper`, phoneNumber: keeper.phone, address: '1 Comb Court, Eugene, OR, USA' });
      // Reachable at any hour, so the window never moves an alert and only the recent claims decide its delay.
      await member.updateAvailability({ memberId: keeper.memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
      const { activationCode } = await billing.issueActivationCode({ companyId });
      await billing.joinAssociation({ memberId: keeper.memberId, activationCode });
    }
  }, 180_000);

  afterAll(async () => {
    await alerting?.stop();
    await twilio.stop();
  });

  const textsTo = (phone: string) => twilio.received.filter((request) => request.form.get('To') === `+1${phone}`).map((request) => request.form.get('Body') ?? '');
  const balance = async () => (await alerting.billing.getBalance({ companyId })).balanceCents;

  async function report(street: string): Promise<string> {
    const form = new FormData();
    const fields = { reporterName: 'Jo Reporter', reporterPhone: '5415550199', size: 'Softball', elevation: '8', address: `${street}, Eugene, OR, USA`, recaptchaToken: 'dev-token', idempotencyId: randomUUID() };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${alerting.product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { reportId: string }).reportId;
  }

  async function reply(phone: string, text: string): Promise<{ status: number; twiml: string }> {
    const url = `${alerting.product.baseUrl.replace('127.0.0.1', 'localhost')}/api/sms/inbound`;
    const { signature, body } = signed(url, { From: `+1${phone}`, To: SENDER, Body: text, MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: ACCOUNT_SID });
    const response = await fetch(`${alerting.product.baseUrl}/api/sms/inbound`, { method: 'POST', headers: { 'x-twilio-signature': signature }, body });
    return { status: response.status, twiml: await response.text() };
  }

  async function pendingJob(reportId: string, memberId: string): Promise<Job<AlertJobData> | undefined> {
    const jobs = await alerting.alerts.getJobs(['delayed', 'waiting', 'prioritized']);
    return jobs.find((job) => job?.data.job.reportId === reportId && job.data.job.memberId === memberId);
  }

  /** A logged-in member area, by the emailed link in the dev outbox, as a browser would. */
  async function sessionOf(email: string): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
    await fetch(`${alerting.product.baseUrl}/api/oauth/magic-login/member`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ destination: email, recaptchaToken: 'dev-token' }) });
    const outbox = (await (await fetch(`${alerting.product.baseUrl}/api/dev/outbox`)).json()) as { messages: { to: string; text: string }[] };
    const link = new URL(outbox.messages.find((message) => message.to === email)?.text.match(/https?:\/\/\S+/)?.[0] ?? '');
    const opened = await fetch(`${alerting.product.baseUrl}${link.pathname}${link.search}`, { redirect: 'manual' });
    const cookie = (opened.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    return (method, path, body) =>
      fetch(`${alerting.product.baseUrl}${path}`, { method, headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  }

  it('alerts at once, claims by SMS reply, delays the next alert of the claimer and cancels it when another claims', { timeout: 120_000 }, async () => {
    // A first swarm: neither keeper has claimed lately, so both are texted at once and each alert costs 7 cents.
    const first = await report('10 Swarm Street');
    await waitUntil(() => textsTo(keepers.ada.phone).length === 1 && textsTo(keepers.grace.phone).length === 1, 30_000, 'both alerts at the Twilio server');
    const [alert = ''] = textsTo(keepers.ada.phone);
    expect(alert).toMatch(/^Swarm Alert: Softball swarm, 8 ft up, [\d.]+ mi from home\. To claim it, reply with the code \d{5}$/);
    expect(alert.length).toBeLessThanOrEqual(160);
    const claimCode = alert.match(/\d{5}$/)?.[0] ?? '';
    expect(twilio.received[0]?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(twilio.received[0]?.form.get('From')).toBe(SENDER);
    await waitUntil(async () => (await balance()) === 2_000 - 14, 10_000, 'two charges of 7 cents');

    // Ada replies with the code: she wins, the TwiML says so, and the location comes by SMS with the reporter's contact.
    const unsigned = await fetch(`${alerting.product.baseUrl}/api/sms/inbound`, { method: 'POST', body: new URLSearchParams({ From: `+1${keepers.ada.phone}`, Body: claimCode }) });
    expect(unsigned.status).toBe(403);
    const won = await reply(keepers.ada.phone, claimCode);
    expect(won.status).toBe(200);
    expect(won.twiml).toContain('<Response><Message>');
    expect(won.twiml).toMatch(/claimed/i);
    await waitUntil(() => textsTo(keepers.ada.phone).length === 2, 30_000, 'the location SMS');
    expect(textsTo(keepers.ada.phone)[1]).toContain('10 Swarm Street');
    expect(textsTo(keepers.ada.phone)[1]).toContain('Jo Reporter 541-555-0199');
    const late = await reply(keepers.grace.phone, claimCode);
    expect(late.twiml).toMatch(/has already been claimed by another member/);

    // A second swarm: Ada has one recent claim, so her alert waits 10 minutes; Grace, with none, is texted at once.
    const second = await report('20 Swarm Street');
    await waitUntil(() => textsTo(keepers.grace.phone).length === 2, 30_000, "Grace's immediate alert");
    await waitUntil(async () => (await pendingJob(second, keepers.ada.memberId)) !== undefined, 10_000, "Ada's delayed alert job");
    const delayed = await pendingJob(second, keepers.ada.memberId);
    expect(await delayed?.getState()).toBe('delayed');
    const waitMs = new Date(delayed?.data.runAt ?? 0).getTime() - (delayed?.timestamp ?? 0);
    expect(waitMs).toBeGreaterThan(TEN_MINUTES_MS - 5_000);
    expect(waitMs).toBeLessThanOrEqual(TEN_MINUTES_MS + 5_000);
    expect(textsTo(keepers.ada.phone)).toHaveLength(2);

    // Grace claims it by SMS: Ada's pending alert is cancelled and she is never texted nor charged for it.
    const secondCode = textsTo(keepers.grace.phone)[1]?.match(/\d{5}$/)?.[0] ?? '';
    expect((await reply(keepers.grace.phone, secondCode)).twiml).toMatch(/claimed/i);
    await waitUntil(async () => (await pendingJob(second, keepers.ada.memberId)) === undefined, 15_000, "Ada's pending alert to be cancelled");
    await waitUntil(() => textsTo(keepers.grace.phone).length === 3, 30_000, "Grace's location SMS");
    expect(await balance()).toBe(2_000 - 21);
    expect(first).not.toBe(second);
  });

  it('re-alerts on un-claim, lets the re-alerted member claim in the member area and mark the swarm bad', { timeout: 120_000 }, async () => {
    const grace = await sessionOf(keepers.grace.email);
    const ada = await sessionOf(keepers.ada.email);
    const [held] = (await (await grace('GET', '/api/member/report/claimed')).json()) as { reportId: string; canUnClaim: boolean }[];
    expect(held?.canUnClaim).toBe(true);
    const reportId = held?.reportId ?? '';

    // Grace lets it go: everyone else covering it is alerted again (Ada, still after her 10-minute delay).
    const unclaimed = await grace('PUT', '/api/member/report/unclaim', { reportId });
    expect([unclaimed.status, await unclaimed.json()]).toEqual([200, { message: 'Report has been unclaimed' }]);
    await waitUntil(async () => (await pendingJob(reportId, keepers.ada.memberId)) !== undefined, 15_000, "Ada's alert to be scheduled again");
    expect(await pendingJob(reportId, keepers.grace.memberId)).toBeUndefined();

    // Ten minutes pass: the job is promoted rather than waited for. Ada is texted and charged once.
    const textsBefore = textsTo(keepers.ada.phone).length;
    await (await pendingJob(reportId, keepers.ada.memberId))?.promote();
    await waitUntil(() => textsTo(keepers.ada.phone).length === textsBefore + 1, 30_000, "Ada's alert after promotion");
    await waitUntil(async () => (await balance()) === 2_000 - 28, 10_000, 'the charge for Ada');

    // Ada sees it among her active swarms, claims it on the web, then marks it bad: it leaves every list.
    const active = (await (await ada('GET', '/api/member/report/active')).json()) as { reportId: string; distanceFromHome: number }[];
    expect(active.map((row) => row.reportId)).toContain(reportId);
    const claimed = await ada('GET', `/api/member/report/${reportId}/claim`);
    expect([claimed.status, await claimed.json()]).toEqual([200, { message: 'Successfully claimed report!' }]);
    await waitUntil(() => textsTo(keepers.ada.phone).length === textsBefore + 2, 30_000, "Ada's location SMS after the web claim");
    const bad = await ada('PUT', '/api/member/report/bad', { reportId, reason: 'Swarm moved on' });
    expect([bad.status, await bad.json()]).toEqual([200, { message: 'Report has been marked as bad' }]);
    expect(((await (await ada('GET', '/api/member/report/claimed')).json()) as { reportId: string }[]).map((row) => row.reportId)).not.toContain(reportId);
    expect(((await (await grace('GET', '/api/member/report/active')).json()) as { reportId: string }[]).map((row) => row.reportId)).not.toContain(reportId);
    await waitUntil(
      () => alerting.product.notificationLog().some((line) => typeof line.msg === 'string' && /email/.test(line.msg) && JSON.stringify(line).includes('marked')),
      15_000,
      'the admin to be told (the stack has no SMTP server, so the development mailer logs the email)',
    );
  });
});
