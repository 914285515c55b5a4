import { MemoryOutbox } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { MemoryMemberRepository } from '../adapters/memory/memory-member-repository.js';
import { newMember } from '../domain/member.js';
import { GetMember } from './get-member.js';

describe('GetMember', () => {
  it('returns the stored member', async () => {
    const members = new MemoryMemberRepository(new MemoryOutbox());
    const member = newMember({ memberId: 'member-1', email: 'ada@example.org', createdAt: new Date('2026-06-01T12:00:00Z') });
    await members.insertIfAbsent(member);
    expect(await new GetMember({ members }).execute('member-1')).toEqual(member);
  });

  it('answers the member with its version, which grows with every stored change', async () => {
    const members = new MemoryMemberRepository(new MemoryOutbox());
    await members.insertIfAbsent(newMember({ memberId: 'member-1', email: 'ada@example.org', createdAt: new Date('2026-06-01T12:00:00Z') }));
    const first = await new GetMember({ members }).withVersion('member-1');
    await members.update('member-1', { name: 'Ada Lovelace' });
    const second = await new GetMember({ members }).withVersion('member-1');
    expect(second.member.name).toBe('Ada Lovelace');
    expect(second.version).toBeGreaterThan(first.version);
  });

  it('refuses an unknown member id as not found', async () => {
    await expect(new GetMember({ members: new MemoryMemberRepository(new MemoryOutbox()) }).execute('missing')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
    await expect(new GetMember({ members: new MemoryMemberRepository(new MemoryOutbox()) }).withVersion('')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
  });
});
