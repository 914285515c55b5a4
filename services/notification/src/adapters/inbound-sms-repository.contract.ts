import { beforeEach, describe, expect, it } from 'vitest';
import type { InboundSmsRecord, InboundSmsRepository } from '../app/ports/inbound.js';

const message = (messageSid: string, overrides: Partial<InboundSmsRecord> = {}): InboundSmsRecord => ({
  messageSid,
  from: '+15035550100',
  receivedAt: new Date('2026-06-01T12:00:00.000Z'),
  ...overrides,
});

export function inboundSmsRepositoryContract(name: string, create: () => Promise<InboundSmsRepository>): void {
  describe(`InboundSmsRepository contract: ${name}`, () => {
    let messages: InboundSmsRepository;
    beforeEach(async () => {
      messages = await create();
    });

    it('records a message once and answers a repeat with the reply saved for the first', async () => {
      expect(await messages.recordIfAbsent(message('SM1'))).toEqual({ kind: 'recorded' });
      expect(await messages.recordIfAbsent(message('SM1'))).toEqual({ kind: 'duplicate', reply: undefined });
      await messages.saveOutcome('SM1', { reply: 'You claimed it', wrongCode: false });
      expect(await messages.recordIfAbsent(message('SM1', { receivedAt: new Date('2026-06-01T12:05:00.000Z') }))).toEqual({
        kind: 'duplicate',
        reply: 'You claimed it',
      });
      expect(await messages.recordIfAbsent(message('SM2'))).toEqual({ kind: 'recorded' });
    });

    it("forgets the sender of a number's messages however the number was written, still answering a repeat once", async () => {
      await messages.recordIfAbsent(message('SM1', { from: '+15035550100' }));
      await messages.saveOutcome('SM1', { reply: 'Thanks', wrongCode: true });
      await messages.recordIfAbsent(message('SM2', { from: '5035550100' }));
      await messages.saveOutcome('SM2', { reply: 'Thanks', wrongCode: true });
      await messages.recordIfAbsent(message('SM3', { from: '+15035550199' }));
      await messages.saveOutcome('SM3', { reply: 'Thanks', wrongCode: true });
      await messages.eraseSender('5035550100');
      await messages.eraseSender('5035550100');
      const since = new Date('2026-06-01T11:00:00.000Z');
      expect(await messages.countWrongCodesSince('+15035550100', since)).toBe(0);
      expect(await messages.countWrongCodesSince('5035550100', since)).toBe(0);
      expect(await messages.countWrongCodesSince('+15035550199', since)).toBe(1);
      expect(await messages.recordIfAbsent(message('SM1'))).toEqual({ kind: 'duplicate', reply: 'Thanks' });
    });

    it('forgets a released message without an outcome, so it can be recorded again, but keeps one with an outcome', async () => {
      await messages.recordIfAbsent(message('SM1'));
      await messages.release('SM1');
      expect(await messages.recordIfAbsent(message('SM1'))).toEqual({ kind: 'recorded' });
      await messages.saveOutcome('SM1', { reply: 'done', wrongCode: false });
      await messages.release('SM1');
      expect(await messages.recordIfAbsent(message('SM1'))).toEqual({ kind: 'duplicate', reply: 'done' });
      await messages.release('SM-unknown');
    });

    it('stops counting a wrong code once its message is released and recorded again without one', async () => {
      const receivedAt = new Date(Date.UTC(2026, 5, 1, 12, 0));
      await messages.recordIfAbsent(message('SM-again', { from: '+15035550111', receivedAt }));
      await messages.saveOutcome('SM-again', { reply: 'wrong', wrongCode: true });
      expect(await messages.countWrongCodesSince('+15035550111', receivedAt)).toBe(1);
      await messages.recordIfAbsent(message('SM-released', { from: '+15035550111', receivedAt }));
      await messages.release('SM-released');
      expect(await messages.countWrongCodesSince('+15035550111', receivedAt)).toBe(1);
    });

    it('records exactly one of many concurrent deliveries of one message', async () => {
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => messages.recordIfAbsent(message('SM-race'))));
      expect(outcomes.filter((outcome) => outcome.kind === 'recorded')).toHaveLength(1);
    });

    it("counts one number's wrong codes since an instant, not other numbers' nor other messages", async () => {
      const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute));
      for (const [sid, from, minute, wrongCode] of [
        ['SM1', '+15035550100', 0, true],
        ['SM2', '+15035550100', 10, true],
        ['SM3', '+15035550100', 20, false],
        ['SM4', '+15035550100', 30, true],
        ['SM5', '+15035550199', 30, true],
      ] as const) {
        await messages.recordIfAbsent(message(sid, { from, receivedAt: at(minute) }));
        await messages.saveOutcome(sid, { reply: 'r', wrongCode });
      }
      expect(await messages.countWrongCodesSince('+15035550100', at(0))).toBe(3);
      expect(await messages.countWrongCodesSince('+15035550100', at(5))).toBe(2);
      expect(await messages.countWrongCodesSince('+15035550100', at(31))).toBe(0);
      expect(await messages.countWrongCodesSince('+15035550199', at(0))).toBe(1);
      expect(await messages.countWrongCodesSince('+15035550123', at(0))).toBe(0);
    });
  });
}
