import { timestampDate } from '@bufbuild/protobuf/wkt';
import { AlertSentEvent, type OutboxStore } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SentAlertRepository } from '../app/ports/stores.js';
import { alertSentEvent, type SentAlert } from '../domain/sent-alert.js';

const startedAt = new Date('2026-06-01T18:00:00.000Z');
const sentAt = new Date('2026-06-01T18:00:02.000Z');

const sending = (sendKey = 'alert--r1--m1--submitted') => ({
  sendKey,
  reportId: 'r1',
  memberId: 'm1',
  companyId: 'c1',
  companyName: 'Portland Bees',
  distanceMiles: 2.5,
  startedAt,
});
const sent = (sendKey = 'alert--r1--m1--submitted', providerId: string | undefined = 'SM1') => ({
  ...sending(sendKey),
  state: 'sent' as const,
  sentAt,
  ...(providerId ? { providerId } : {}),
});
const eventOf = (alert: SentAlert) => alertSentEvent(alert, sentAt, { costCents: 7, channels: ['sms'], smsPriceCents: 7 });

/** What every SentAlertRepository adapter must do; `create` gives a fresh, empty repository and the outbox it appends to. */
export function sentAlertRepositoryContract(name: string, create: () => Promise<{ sentAlerts: SentAlertRepository; outbox: OutboxStore }>): void {
  describe(`SentAlertRepository contract: ${name}`, () => {
    let sentAlerts: SentAlertRepository;
    let outbox: OutboxStore;
    beforeEach(async () => {
      ({ sentAlerts, outbox } = await create());
    });

    it('notes a send once: the first call answers new, later ones what was left', async () => {
      expect(await sentAlerts.beginSending(sending())).toBe('new');
      expect(await sentAlerts.beginSending(sending())).toBe('sending');
      expect(await sentAlerts.find(sending().sendKey)).toEqual({ ...sending(), state: 'sending' });
      await sentAlerts.recordSent(sent(), eventOf(sent()));
      expect(await sentAlerts.beginSending(sending())).toBe('sent');
    });

    it('answers new to exactly one of many concurrent attempts to note the same send', async () => {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => sentAlerts.beginSending(sending())));
      expect(outcomes.filter((outcome) => outcome === 'new')).toHaveLength(1);
    });

    it('records the alert as sent and its AlertSent event in the outbox, under the event id', async () => {
      await sentAlerts.beginSending(sending());
      expect(await sentAlerts.recordSent(sent(), eventOf(sent()))).toBe('recorded');
      expect(await sentAlerts.find(sending().sendKey)).toEqual(sent());

      const pending = await outbox.pending(10);
      expect(pending.map((message) => [message.id, message.type])).toEqual([['alert-sent--alert--r1--m1--submitted', 'alert.sent']]);
      const decoded = AlertSentEvent.decode(pending[0]!);
      expect({ ...decoded, sentAt: decoded.sentAt && timestampDate(decoded.sentAt) }).toMatchObject({ reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.5, sentAt });
      expect(pending[0]?.createdAt).toEqual(sentAt);
    });

    it('records a send again without changing it or appending its event twice, even once the event is published', async () => {
      await sentAlerts.beginSending(sending());
      await sentAlerts.recordSent(sent(), eventOf(sent()));
      expect(await sentAlerts.recordSent(sent('alert--r1--m1--submitted', 'SM2'), eventOf(sent()))).toBe('already-recorded');
      expect((await outbox.pending(10)).map((message) => message.id)).toEqual(['alert-sent--alert--r1--m1--submitted']);

      await outbox.markPublished(['alert-sent--alert--r1--m1--submitted']);
      expect(await sentAlerts.recordSent(sent(), eventOf(sent()))).toBe('already-recorded');
      expect(await outbox.pending(10)).toEqual([]);
      expect((await sentAlerts.find(sending().sendKey))?.providerId).toBe('SM1');
    });

    it('appends one event when the same send is recorded concurrently', async () => {
      await sentAlerts.beginSending(sending());
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => sentAlerts.recordSent(sent(), eventOf(sent()))));
      expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
      expect(await outbox.pending(10)).toHaveLength(1);
    });

    it('records a send no run noted, without a provider id, keeping what it is given', async () => {
      const unnoted = sent('alert--r2--m1--submitted', undefined);
      expect(await sentAlerts.recordSent(unnoted, eventOf(unnoted))).toBe('recorded');
      expect(await sentAlerts.find(unnoted.sendKey)).toEqual(unnoted);
      expect(await outbox.pending(10)).toHaveLength(1);
    });

    it('keeps when the send was first noted', async () => {
      await sentAlerts.beginSending(sending());
      await sentAlerts.recordSent({ ...sent(), startedAt: new Date('2026-06-01T18:10:00.000Z') }, eventOf(sent()));
      expect((await sentAlerts.find(sending().sendKey))?.startedAt).toEqual(startedAt);
    });

    it('forgets an abandoned send, so it can be noted again, but never a sent one', async () => {
      await sentAlerts.beginSending(sending());
      await sentAlerts.abandonSending(sending().sendKey);
      expect(await sentAlerts.find(sending().sendKey)).toBeUndefined();
      expect(await sentAlerts.beginSending(sending())).toBe('new');

      await sentAlerts.recordSent(sent(), eventOf(sent()));
      await sentAlerts.abandonSending(sending().sendKey);
      expect((await sentAlerts.find(sending().sendKey))?.state).toBe('sent');
    });

    it('keeps a send that never went out as failed, with why: no run notes it again, records it sent, or forgets it', async () => {
      await sentAlerts.beginSending(sending());
      const failedAt = new Date('2026-06-01T18:05:00.000Z');
      await sentAlerts.recordFailed(sending().sendKey, { reason: 'Twilio 21211: invalid number', failedAt });
      expect(await sentAlerts.find(sending().sendKey)).toEqual({ ...sending(), state: 'failed', failedReason: 'Twilio 21211: invalid number', failedAt });
      expect(await sentAlerts.beginSending(sending())).toBe('failed');
      expect(await sentAlerts.recordSent(sent(), eventOf(sent()))).toBe('already-recorded');
      await sentAlerts.abandonSending(sending().sendKey);
      expect((await sentAlerts.find(sending().sendKey))?.state).toBe('failed');
      expect(await outbox.pending(10)).toEqual([]);
    });

    it("lists the alerts sent to a member, newest first, without those not sent or another member's", async () => {
      const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);
      const alertTo = (sendKey: string, memberId: string, minutes: number) => ({ ...sent(sendKey), memberId, reportId: sendKey, startedAt: at(minutes) });
      for (const [sendKey, memberId, minutes] of [['older', 'm1', 1], ['newer', 'm1', 5], ['other', 'm2', 3]] as const) {
        const alert = alertTo(sendKey, memberId, minutes);
        await sentAlerts.recordSent(alert, eventOf(alert));
      }
      await sentAlerts.beginSending({ ...sending('still-sending'), startedAt: at(9) });
      expect((await sentAlerts.listSentToMember('m1', 10)).map(({ sendKey }) => sendKey)).toEqual(['newer', 'older']);
      expect((await sentAlerts.listSentToMember('m1', 1)).map(({ sendKey }) => sendKey)).toEqual(['newer']);
      expect(await sentAlerts.listSentToMember('m3', 10)).toEqual([]);
    });

    it('never marks a sent alert failed', async () => {
      await sentAlerts.beginSending(sending());
      await sentAlerts.recordSent(sent(), eventOf(sent()));
      await sentAlerts.recordFailed(sending().sendKey, { reason: 'late', failedAt: sentAt });
      expect(await sentAlerts.find(sending().sendKey)).toEqual(sent());
    });

    it('keeps alerts apart by send key', async () => {
      await sentAlerts.beginSending(sending('alert--r1--m1--submitted'));
      expect(await sentAlerts.beginSending(sending('alert--r1--m1--unclaimed-1'))).toBe('new');
      expect(await sentAlerts.find('unknown')).toBeUndefined();
    });

    it('finds every alert of a report to a member, being sent or sent, and no one else’s', async () => {
      await sentAlerts.beginSending(sending('alert--r1--m1--submitted'));
      await sentAlerts.recordSent(sent('alert--r1--m1--submitted'), eventOf(sent('alert--r1--m1--submitted')));
      await sentAlerts.beginSending(sending('alert--r1--m1--unclaimed-e1'));
      await sentAlerts.beginSending({ ...sending('alert--r1--m2--submitted'), memberId: 'm2' });
      await sentAlerts.beginSending({ ...sending('alert--r2--m1--submitted'), reportId: 'r2' });
      const found = await sentAlerts.findForMember('r1', 'm1');
      expect(found.map((alert) => [alert.sendKey, alert.state]).sort()).toEqual([
        ['alert--r1--m1--submitted', 'sent'],
        ['alert--r1--m1--unclaimed-e1', 'sending'],
      ]);
      expect(found.find((alert) => alert.state === 'sent')).toMatchObject({ companyId: 'c1', companyName: 'Portland Bees', distanceMiles: 2.5 });
      expect(await sentAlerts.findForMember('r1', 'nobody')).toEqual([]);

      await sentAlerts.abandonSending('alert--r1--m1--unclaimed-e1');
      expect((await sentAlerts.findForMember('r1', 'm1')).map((alert) => alert.sendKey)).toEqual(['alert--r1--m1--submitted']);
    });
  });
}
