import { MemberDeletedEvent, MemoryOutbox } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { MemoryLoginTokenRepository } from '../adapters/memory/memory-login-token-repository.js';
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
    const loginTokens = new MemoryLoginTokenRepository();
    return { outbox, members, loginTokens, deleteMember: new DeleteMember({ members, loginTokens }) };
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

  it('removes the login links issued for the member’s email, so none logs in after the deletion', async () => {
    const { loginTokens, deleteMember } = await setUp();
    const expiresAt = new Date('2026-06-01T12:15:00Z');
    await loginTokens.save({ tokenHash: 'pending-link', email: 'ada@example.org', expiresAt });
    await loginTokens.save({ tokenHash: 'someone-else', email: 'grace@example.org', expiresAt });
    await deleteMember.execute('member-1');
    const now = new Date('2026-06-01T12:01:00Z');
    expect(await loginTokens.consume('pending-link', now)).toBeUndefined();
    expect(await loginTokens.consume('someone-else', now)).toBeDefined();
  });

  it('refuses an unknown or already deleted member as not found', async () => {
    const { deleteMember } = await setUp();
    await expect(deleteMember.execute('missing')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
    await deleteMember.execute('member-1');
    await expect(deleteMember.execute('member-1')).rejects.toMatchObject({ code: 'MEMBER.NOT_FOUND' });
  });
});
