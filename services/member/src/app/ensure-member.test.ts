import { MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryMemberRepository } from '../adapters/memory/memory-member-repository.js';
import { newMember } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import { EnsureMember } from './ensure-member.js';

describe('EnsureMember', () => {
  let members: MemoryMemberRepository;
  let nextId: number;
  let ensureMember: EnsureMember;

  beforeEach(() => {
    members = new MemoryMemberRepository(new MemoryOutbox());
    nextId = 0;
    const clock = { now: () => new Date('2026-06-01T12:00:00Z') };
    const ids = { newId: () => `member-${(nextId += 1)}` };
    ensureMember = new EnsureMember({ members, clock, ids });
  });

  it('creates a member with the default availability on first sight of an email', async () => {
    const result = await ensureMember.execute('ada@example.org');
    expect(result).toEqual({
      created: true,
      member: newMember({ memberId: 'member-1', email: 'ada@example.org', createdAt: new Date('2026-06-01T12:00:00Z') }),
    });
    expect(await members.findById('member-1')).toEqual(result.member);
  });

  it('returns the existing member for the same email in another case or with spaces', async () => {
    const first = await ensureMember.execute('ada@example.org');
    const again = await ensureMember.execute('  ADA@Example.org ');
    expect(again).toEqual({ member: first.member, created: false });
  });

  it('creates exactly one member when calls for one email race', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => ensureMember.execute('Grace@example.org')));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(results.map((result) => result.member.memberId)).size).toBe(1);
  });

  it('refuses an invalid email without storing anything', async () => {
    await expect(ensureMember.execute('not-an-email')).rejects.toMatchObject({ code: 'MEMBER.INVALID_EMAIL' });
    await expect(ensureMember.execute('not-an-email')).rejects.toBeInstanceOf(MemberError);
    expect(await members.findByEmail('not-an-email')).toBeUndefined();
    expect(nextId).toBe(0);
  });
});
