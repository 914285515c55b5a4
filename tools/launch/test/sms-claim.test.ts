import { randomBytes, randomUUID } from 'node:crypto';
import { waitUntil } from '@swarm/testing';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded.js';

const sid = () => `SM${randomBytes(16).toString('hex')}`;

/**
 * Keepers at Portland, members of one funded association, a report there, and each keeper recorded as alerted
 * about it (as the alert job does before texting): the report's id and claim code, and the keepers' ids.
 */
async function alertedReport(product: EmbeddedProduct, phoneNumbers: string[]) {
  const { member, associationBilling, report } = product.clients;
  const { association } = await associationBilling.createAssociation({ companyName: 'Portland Beekeepers', donationUrl: '' });
  const companyId = association?.companyId ?? '';
  await associationBilling.topUp({ companyId, amountCents: 2_000, topUpId: randomUUID() });
  const memberIds: string[] = [];
  for (const phoneNumber of phoneNumbers) {
    const { member: created } = await member.ensureMember({ email: `keeper-${phoneNumber}@example.org` });
    const memberId = created?.memberId ?? '';
    await member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber, address: '1 Hive Way, Portland, OR, USA' });
    await member.updateAvailability({ memberId, elevationMaximumFeet: 50 });
    const { activationCode } = await associationBilling.issueActivationCode({ companyId });
    await associationBilling.joinAssociation({ memberId, activationCode });
    memberIds.push(memberId);
  }
  const { reportId } = await report.submitReport({
    idempotencyId: randomUUID(),
    reporterName: 'Jo Reporter',
    reporterPhone: '5035550177',
    size: 'Basketball',
    elevation: '10',
    address: '2 Comb St, Portland, OR, USA',
    recaptchaToken: 'token',
  });
  for (const memberId of memberIds) {
    await report.recordAlert({ reportId, memberId, companyId, companyName: 'Portland Beekeepers', distanceMiles: 0.1 });
  }
  const [active] = (await report.listActiveReportsForMember({ memberId: memberIds[0] ?? '' })).reports;
  return { reportId, claimCode: active?.claimCode ?? '', memberIds };
}

/**
 * Claiming by SMS across the services of the embedded product: the reply with the code claims the report in the
 * report service, report.claimed reaches the notification service, and the winner gets the location text once.
 */
describe('claim by SMS (embedded)', () => {
  let product: EmbeddedProduct;
  afterEach(async () => {
    await product.close();
  });

  it('lets the first alerted member claim by replying with the code, texts them the location, and answers STOP', async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, loggerFor: () => pino({ level: 'silent' }) });
    const { member, notification } = product.clients;
    const { claimCode, memberIds } = await alertedReport(product, ['5035550111', '5035550122']);
    const [ada = '', grace = ''] = memberIds;
    expect(claimCode).toMatch(/^\d{5}$/);

    // Both reply at once; exactly one wins.
    const replies = await Promise.all([
      notification.handleInboundSms({ from: '+15035550111', body: claimCode, messageSid: sid() }),
      notification.handleInboundSms({ from: '+15035550122', body: ` ${claimCode} `, messageSid: sid() }),
    ]);
    const winners = replies.filter(({ reply }) => reply.startsWith('You claimed the swarm'));
    expect(winners).toHaveLength(1);
    expect(replies.filter(({ reply }) => reply.includes('already been claimed by another member'))).toHaveLength(1);
    const winnerPhone = replies[0]?.reply.startsWith('You claimed') ? '5035550111' : '5035550122';

    const locationTexts = async () => (await notification.listDevOutboxSms({})).messages.filter((sms) => sms.body.includes('is yours'));
    await waitUntil(async () => (await locationTexts()).length === 1, 5_000, 'the location text');
    const [location] = await locationTexts();
    expect(location?.to).toBe(winnerPhone);
    expect(location?.body).toContain('2 Comb St, Portland, OR');
    expect(location?.body).toContain('Jo Reporter 503-555-0177');

    // Claiming again by SMS changes nothing and sends no second location text.
    const again = await notification.handleInboundSms({ from: `+1${winnerPhone}`, body: claimCode, messageSid: sid() });
    expect(again.reply).toContain('You already claimed');

    // The operator answers STOP from the dev outbox page as the winner.
    const stop = await fetch(`${product.url.replace('localhost', '127.0.0.1')}/dev/outbox/sms/reply`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ to: winnerPhone, body: 'STOP' }).toString(),
      redirect: 'manual',
    });
    expect(stop.status).toBe(303);
    const winnerId = winnerPhone === '5035550111' ? ada : grace;
    expect((await member.getMember({ memberId: winnerId })).member?.availability?.doNotDisturb).toBe(true);
    expect(await (await fetch(`${product.url.replace('localhost', '127.0.0.1')}/dev/outbox`)).text()).toContain('Do Not Disturb is on');
    expect(await locationTexts()).toHaveLength(1);
  });

  it('gives one winner and one location text to 100 concurrent claims by SMS and on the web', async () => {
    product = await startEmbedded({ env: { PORT: '0', STATIC_DIR: '/nonexistent' }, loggerFor: () => pino({ level: 'silent' }) });
    const { report, notification } = product.clients;
    const phoneNumbers = Array.from({ length: 100 }, (_, index) => `50355502${String(index).padStart(2, '0')}`);
    const { reportId, claimCode, memberIds } = await alertedReport(product, phoneNumbers);
    const contenders = memberIds.map((memberId, index) => ({ memberId, phoneNumber: phoneNumbers[index] ?? '', bySms: index % 2 === 0 }));

    const outcomes = await Promise.all(
      contenders.map(async ({ memberId, phoneNumber, bySms }) => {
        if (bySms) {
          const { reply } = await notification.handleInboundSms({ from: `+1${phoneNumber}`, body: claimCode, messageSid: sid() });
          return reply.startsWith('You claimed the swarm') ? phoneNumber : undefined;
        }
        try {
          await report.claimReport({ reportId, memberId });
          return phoneNumber;
        } catch {
          return undefined;
        }
      }),
    );
    const winners = outcomes.filter((phone) => phone !== undefined);
    expect(winners).toHaveLength(1);

    const locationTexts = async () => (await notification.listDevOutboxSms({})).messages.filter((sms) => sms.body.includes('is yours'));
    await waitUntil(async () => (await locationTexts()).length >= 1, 5_000, 'the location text');
    // Long enough for a second event or text to show up if there were one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const texts = await locationTexts();
    expect(texts).toHaveLength(1);
    expect(texts[0]?.to).toBe(winners[0]);
  });
});
