import { MemberDeletedEvent, MemoryOutbox } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { MemoryMemberRepository } from '../adapters/memory/memory-member-repository.js';
import { newMember } from '../domain/member.js';
import { DeleteMember } from './delete-member.js';
import { GetMember } from './get-member.js';
import { ListAlertSettings } from './list-alert-settings.js';

describe('DeleteMember', () => {
  const setUp = async () => {
    const outbox = new MemoryOutbox();
    const members = new MemoryMemberRepository(outbox);
    const member = newMember({ memberId: 'member-1', email: 'ada@example.org', createdAt: new Date('2026-06-01T12:00:00Z') });
    await members.insertIfAbsent(member);
    await members.update('member-1', { name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' });
    return { outbox, members, deleteMember: new DeleteMember({ members }) };
  };

  it('erases the member, who is then unknown to every reader, and announces member.deleted', async () => {
    const { outbox, members, deleteMember } = await setUp();
    await deleteMember.execute('member-1');
    await expect(new GetMember({ members }).execute('member-1')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
    expect(await new ListAlertSettings({ members }).execute(['member-1'])).toEqual([]);
    expect(await members.findByEmail('ada@example.org')).toBeUndefined();
    const deleted = (await outbox.pending(100)).filter((message) => message.type === MemberDeletedEvent.type).map((message) => MemberDeletedEvent.decode(message));
    expect(deleted.map(({ memberId }) => memberId)).toEqual(['member-1']);
  });

  it('refuses an unknown or already deleted member as not found', async () => {
    const { deleteMember } = await setUp();
    await expect(deleteMember.execute('missing')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
    await deleteMember.execute('member-1');
    await expect(deleteMember.execute('member-1')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
  });
});
