import { randomUUID } from 'node:crypto';
import { FakeTwilio, waitUntil } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAlertingProduct, type AlertingProduct } from './product-harness.js';

/** Salem, OR as the offline geocoder places it. */
const PHONES = ['9715550101', '9715550102', '9715550103'];
const everyDay = [0, 1, 2, 3, 4, 5, 6];

describe('distributed mode: the notification service dies while alert jobs are pending', () => {
  const twilio = new FakeTwilio();
  let alerting: AlertingProduct;
  let companyId = '';
  const memberIds: string[] = [];

  beforeAll(async () => {
    await twilio.start();
    alerting = await startAlertingProduct(twilio, { accountSid: `AC${'7b'.repeat(16)}`, authToken: 'crash-test-token', from: '+15035550000' });
    const { member, billing } = alerting;
    const { association } = await billing.createAssociation({ companyName: 'Salem Bees', donationUrl: '' });
    companyId = association?.companyId ?? '';
    await billing.topUp({ companyId, amountCents: 2_000, topUpId: `crash-${randomUUID()}` });
    // Each keeper's only window (UTC) starts two hours from now, so every alert waits in Redis for it.
    const opensAt = (new Date().getUTCHours() + 2) % 24;
    for (const phoneNumber of PHONES) {
      const { member: created } = await member.ensureMember({ email: `crash-${randomUUID().slice(0, 8)}@example.org` });
      const memberId = created?.memberId ?? '';
      memberIds.push(memberId);
      await member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber, address: '1 Comb Court, Salem, OR, USA' });
      await member.updateAvailability({ memberId, elevationMaximumFeet: 50, timeZone: 'UTC', dayHours: everyDay.map((day) => ({ day, fromHour: opensAt, toHour: opensAt + 1 })) });
      const { activationCode } = await billing.issueActivationCode({ companyId });
      await billing.joinAssociation({ memberId, activationCode });
    }
  }, 180_000);

  afterAll(async () => {
    await alerting?.stop();
    await twilio.stop();
  });

  it('keeps every pending alert across a SIGKILL and restart, then sends and charges each exactly once', { timeout: 120_000 }, async () => {
    const { product, member, billing, alerts } = alerting;
    const form = new FormData();
    const fields = { reporterName: 'Jo', reporterPhone: '9715550199', size: 'Very Large', elevation: '3', address: '5 Hive Road, Salem, OR, USA', recaptchaToken: 'dev-token', idempotencyId: randomUUID() };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const { reportId } = (await response.json()) as { reportId: string };

    const pendingOfReport = async () => (await alerts.getJobs(['delayed', 'waiting', 'prioritized'])).filter((job) => job?.data.job.reportId === reportId && job.data.job.kind === 'alert');
    await waitUntil(async () => (await pendingOfReport()).length === PHONES.length, 20_000, 'one delayed alert job per keeper');

    await product.stack.kill('notification', 'SIGKILL');
    expect((await pendingOfReport()).map((job) => job.data.job.memberId).sort()).toEqual([...memberIds].sort());

    await product.stack.start('notification');
    // The keepers open their windows now, and the two hours pass: the jobs are promoted instead of waited for.
    for (const memberId of memberIds) {
      await member.updateAvailability({ memberId, dayHours: everyDay.map((day) => ({ day, fromHour: 0, toHour: 24 })) });
    }
    for (const job of await pendingOfReport()) await job.promote();

    const texted = () => twilio.received.map((request) => request.form.get('To')).sort();
    await waitUntil(() => texted().length >= PHONES.length, 30_000, 'the alerts after the restart');
    await waitUntil(async () => (await pendingOfReport()).length === 0 && (await alerts.getActiveCount()) === 0, 10_000, 'the queue to drain');
    expect(texted()).toEqual(PHONES.map((phone) => `+1${phone}`).sort());
    expect((await billing.getBalance({ companyId })).balanceCents).toBe(2_000 - 7 * PHONES.length);
  });
});
