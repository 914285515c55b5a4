import { beforeEach, describe, expect, it } from 'vitest';
import type { SentText, SentTextRepository } from '../app/ports/stores.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes));

const text = (key: string, overrides: Partial<SentText> = {}): Omit<SentText, 'state' | 'sentAt' | 'providerId' | 'failedReason'> => ({
  key,
  purpose: 'reporter-claimed',
  to: '5035550177',
  reportId: 'r1',
  startedAt: at(0),
  ...overrides,
});

export function sentTextRepositoryContract(name: string, create: () => Promise<SentTextRepository>): void {
  describe(`SentTextRepository contract: ${name}`, () => {
    let texts: SentTextRepository;
    beforeEach(async () => {
      texts = await create();
    });

    it('notes a text once: a second run finds it sending, then sent with its provider id', async () => {
      expect(await texts.beginSending(text('k1'))).toBe('new');
      expect(await texts.beginSending(text('k1'))).toBe('sending');
      expect(await texts.find('k1')).toEqual({ ...text('k1'), state: 'sending' });
      await texts.markSent('k1', { sentAt: at(1), providerId: 'SM1' });
      expect(await texts.beginSending(text('k1'))).toBe('sent');
      expect(await texts.find('k1')).toEqual({ ...text('k1'), state: 'sent', sentAt: at(1), providerId: 'SM1' });
      expect(await texts.find('unknown')).toBeUndefined();
    });

    it('answers new to exactly one of many concurrent runs', async () => {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => texts.beginSending(text('k2'))));
      expect(outcomes.filter((outcome) => outcome === 'new')).toHaveLength(1);
    });

    it("lets another run take over a text only once its owner's lease lapsed, and exactly one of several", async () => {
      await texts.beginSending(text('k5', { owner: 'run-a', leaseAt: at(0) }));
      expect(await texts.renewLease('k5', 'run-a', at(2))).toBe(true);

      // The owner handed it over at minute 2: not stale before then.
      expect(await texts.claimInterrupted('k5', { owner: 'run-b', at: at(3), staleBefore: at(1) })).toEqual({ outcome: 'held', leaseAt: at(2) });
      const claims = await Promise.all(['run-b', 'run-c', 'run-d'].map((owner) => texts.claimInterrupted('k5', { owner, at: at(10), staleBefore: at(5) })));
      expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
      const winner = ['run-b', 'run-c', 'run-d'][claims.findIndex((claim) => claim.outcome === 'claimed')]!;
      expect(await texts.find('k5')).toMatchObject({ state: 'sending', owner: winner, leaseAt: at(10), startedAt: at(0) });

      // The run that lost it may not hand it over any more; the new owner may.
      expect(await texts.renewLease('k5', 'run-a', at(11))).toBe(false);
      expect(await texts.renewLease('k5', winner, at(11))).toBe(true);
      await texts.markSent('k5', { sentAt: at(12), providerId: 'SM5' });
      expect(await texts.claimInterrupted('k5', { owner: 'run-e', at: at(90), staleBefore: at(60) })).toEqual({ outcome: 'sent' });
      expect(await texts.renewLease('k5', winner, at(90))).toBe(false);
      expect(await texts.claimInterrupted('unknown', { owner: 'run-e', at: at(90), staleBefore: at(60) })).toEqual({ outcome: 'missing' });
    });

    it("lets the next run take a text over at once when its owner released it, and only its owner can", async () => {
      await texts.beginSending(text('k7', { owner: 'run-a', leaseAt: at(0) }));
      await texts.releaseLease('k7', 'run-b');
      expect(await texts.claimInterrupted('k7', { owner: 'run-b', at: at(1), staleBefore: at(-1) })).toEqual({ outcome: 'held', leaseAt: at(0) });
      await texts.releaseLease('k7', 'run-a');
      expect(await texts.claimInterrupted('k7', { owner: 'run-b', at: at(1), staleBefore: at(-1) })).toEqual({ outcome: 'claimed' });
    });

    it('reads a note without a lease as claimed when it was begun', async () => {
      await texts.beginSending(text('k6'));
      expect(await texts.claimInterrupted('k6', { owner: 'run-b', at: at(1), staleBefore: at(-1) })).toEqual({ outcome: 'held', leaseAt: at(0) });
      expect(await texts.claimInterrupted('k6', { owner: 'run-b', at: at(1), staleBefore: at(0) })).toEqual({ outcome: 'claimed' });
      await texts.markFailed('k6', 'refused');
      expect(await texts.claimInterrupted('k6', { owner: 'run-c', at: at(5), staleBefore: at(4) })).toEqual({ outcome: 'failed' });
    });

    it('keeps a refused text as failed with why, so no run sends it; a sent or failed text stays as it ended', async () => {
      await texts.beginSending(text('k3'));
      await texts.markFailed('k3', 'Twilio 21610: unsubscribed');
      expect(await texts.beginSending(text('k3'))).toBe('failed');
      await texts.markSent('k3', { sentAt: at(2) });
      expect(await texts.find('k3')).toMatchObject({ state: 'failed', failedReason: 'Twilio 21610: unsubscribed' });
      await texts.beginSending(text('k4'));
      await texts.markSent('k4', { sentAt: at(2) });
      await texts.markFailed('k4', 'late');
      expect(await texts.find('k4')).toMatchObject({ state: 'sent', sentAt: at(2) });
    });

    it("erases where a member's messages went, keeping the messages and every other member's and reporter's", async () => {
      await texts.beginSending(text('m1-prompt', { purpose: 'outcome-prompt', memberId: 'm1', to: '5035550101' }));
      await texts.beginSending(text('m1-email', { purpose: 'alert-email', memberId: 'm1', to: 'ada@example.org' }));
      await texts.markSent('m1-email', { sentAt: at(1) });
      await texts.beginSending(text('m2-prompt', { purpose: 'outcome-prompt', memberId: 'm2', to: '5035550102' }));
      await texts.beginSending(text('reporter', { to: '5035550177' }));
      await texts.eraseDestinationsOf('m1');
      expect(await texts.find('m1-prompt')).toMatchObject({ to: '', purpose: 'outcome-prompt', reportId: 'r1', state: 'sending' });
      expect(await texts.find('m1-email')).toMatchObject({ to: '', state: 'sent', sentAt: at(1) });
      expect((await texts.find('m2-prompt'))?.to).toBe('5035550102');
      expect((await texts.find('reporter'))?.to).toBe('5035550177');
    });

    it("forgets where a report's texts to its reporter went, keeping them as records, and leaves members' and other reports'", async () => {
      await texts.beginSending(text('reporter-claimed', { to: '5035550177' }));
      await texts.markSent('reporter-claimed', { sentAt: at(1), providerId: 'SM9' });
      await texts.beginSending(text('reporter-expired', { purpose: 'reporter-expired', to: '5035550177' }));
      await texts.beginSending(text('claimer-location', { purpose: 'claimer-location', memberId: 'm1', to: '5035550101' }));
      await texts.beginSending(text('other-report', { reportId: 'r2', to: '5035550177' }));
      await texts.eraseReporterDestinations('r1');
      await texts.eraseReporterDestinations('r1');
      expect(await texts.find('reporter-claimed')).toMatchObject({ to: '', purpose: 'reporter-claimed', reportId: 'r1', state: 'sent', sentAt: at(1) });
      expect((await texts.find('reporter-expired'))?.to).toBe('');
      expect((await texts.find('claimer-location'))?.to).toBe('5035550101');
      expect((await texts.find('other-report'))?.to).toBe('5035550177');
    });

    it("finds the member's most recent outcome prompt, and no other member's or other text", async () => {
      await texts.beginSending(text('p1', { purpose: 'outcome-prompt', memberId: 'm1', reportId: 'r1', startedAt: at(10) }));
      await texts.beginSending(text('p2', { purpose: 'outcome-prompt', memberId: 'm1', reportId: 'r2', startedAt: at(30) }));
      await texts.beginSending(text('p3', { purpose: 'outcome-prompt', memberId: 'm1', reportId: 'r3', startedAt: at(20) }));
      await texts.beginSending(text('p4', { purpose: 'outcome-prompt', memberId: 'm2', reportId: 'r4', startedAt: at(40) }));
      await texts.beginSending(text('d1', { purpose: 'claimer-reporter-gone', memberId: 'm1', reportId: 'r5', startedAt: at(50) }));
      await texts.markSent('p2', { sentAt: at(31) });
      expect(await texts.latestOutcomePrompt('m1')).toEqual({
        key: 'p2',
        purpose: 'outcome-prompt',
        to: '5035550177',
        reportId: 'r2',
        memberId: 'm1',
        state: 'sent',
        startedAt: at(30),
        sentAt: at(31),
      });
      expect((await texts.latestOutcomePrompt('m2'))?.reportId).toBe('r4');
      expect(await texts.latestOutcomePrompt('m3')).toBeUndefined();
      // A prompt the provider refused was never asked.
      await texts.beginSending(text('p5', { purpose: 'outcome-prompt', memberId: 'm2', reportId: 'r6', startedAt: at(45) }));
      await texts.markFailed('p5', 'Twilio 21610: unsubscribed');
      expect((await texts.latestOutcomePrompt('m2'))?.reportId).toBe('r4');
    });
  });
}
