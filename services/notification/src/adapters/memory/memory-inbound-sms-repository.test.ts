import { describe, expect, it } from 'vitest';
import { inboundSmsRepositoryContract } from '../inbound-sms-repository.contract.js';
import { MemoryInboundSmsRepository } from './memory-inbound-sms-repository.js';

inboundSmsRepositoryContract('in-memory', async () => new MemoryInboundSmsRepository());

describe('MemoryInboundSmsRepository', () => {
  it('forgets the oldest messages beyond its capacity', async () => {
    const messages = new MemoryInboundSmsRepository(2);
    const record = (messageSid: string) => messages.recordIfAbsent({ messageSid, from: '+15035550100', receivedAt: new Date() });
    await record('SM1');
    await record('SM2');
    await record('SM3');
    expect((await record('SM1')).kind).toBe('recorded');
    expect((await record('SM3')).kind).toBe('duplicate');
  });

  it('no longer counts the wrong code of a message it forgot', async () => {
    const messages = new MemoryInboundSmsRepository(2);
    const receivedAt = new Date('2026-06-01T12:00:00.000Z');
    await messages.recordIfAbsent({ messageSid: 'SM1', from: '+15035550100', receivedAt });
    await messages.saveOutcome('SM1', { reply: 'wrong', wrongCode: true });
    expect(await messages.countWrongCodesSince('+15035550100', receivedAt)).toBe(1);
    await messages.recordIfAbsent({ messageSid: 'SM2', from: '+15035550199', receivedAt });
    await messages.recordIfAbsent({ messageSid: 'SM3', from: '+15035550199', receivedAt });
    expect(await messages.countWrongCodesSince('+15035550100', receivedAt)).toBe(0);
  });
});
