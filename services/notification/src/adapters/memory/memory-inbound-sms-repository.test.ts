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
});
