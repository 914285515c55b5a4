import { InProcessEventBus, MemberDeletedEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { subscribeToMemberDeletions } from '../adapters/events/member-deleted-subscriber.js';
import { MemoryMemberSettingsRepository } from '../adapters/memory/memory-member-settings-repository.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { FakeMemberDirectory, memberSettingsFrom, silentLog } from '../testing/dispatch-fakes.js';
import { FollowMemberChanges } from './follow-member-changes.js';
import { ForgetDeletedMember } from './forget-deleted-member.js';

describe('ForgetDeletedMember', () => {
  const bus = new InProcessEventBus(testLogger());
  afterEach(() => bus.close());

  function setUp() {
    const members = new FakeMemberDirectory();
    const copy = new MemoryMemberSettingsRepository();
    const settings = memberSettingsFrom(members, copy);
    const sentTexts = new MemorySentTextRepository();
    return { members, copy, settings, sentTexts, forget: new ForgetDeletedMember({ settings: copy, sentTexts, log: silentLog }) };
  }

  it('erases the copy of the member’s alert settings on member.deleted and keeps the other members’', async () => {
    const { members, copy, settings, forget } = setUp();
    members.phone('m1', '5035550100');
    members.phone('m2', '5035550101');
    await settings.of(['m1', 'm2']);
    await subscribeToMemberDeletions(bus, forget);
    await bus.publish(MemberDeletedEvent.toMessage('member-deleted--m1', { memberId: 'm1' }));
    await waitUntil(async () => (await copy.findMany(['m1'])).length === 0, 2_000, 'the copy to be erased');
    expect((await copy.findMany(['m1', 'm2'])).map(({ memberId }) => memberId)).toEqual(['m2']);
  });

  it('erases where the member’s messages went and keeps the messages, as counts', async () => {
    const { sentTexts, forget } = setUp();
    const startedAt = new Date('2026-06-01T12:00:00Z');
    await sentTexts.beginSending({ key: 'prompt-1', purpose: 'outcome-prompt', to: '5035550100', reportId: 'r1', memberId: 'm1', startedAt });
    await sentTexts.beginSending({ key: 'prompt-2', purpose: 'outcome-prompt', to: '5035550101', reportId: 'r1', memberId: 'm2', startedAt });
    await forget.execute({ memberId: 'm1' });
    expect(await sentTexts.find('prompt-1')).toMatchObject({ to: '', reportId: 'r1', memberId: 'm1' });
    expect((await sentTexts.find('prompt-2'))?.to).toBe('5035550101');
  });

  it('keeps nothing of the member when a member.changed announced before the deletion arrives after it', async () => {
    const { members, copy, settings, forget } = setUp();
    members.phone('m1', '5035550100');
    await settings.of(['m1']);
    await forget.execute({ memberId: 'm1' });
    members.windows('m1', { doNotDisturb: true });
    await new FollowMemberChanges({ members: settings, log: silentLog }).execute({ memberId: 'm1', version: members.current('m1').version });
    expect(await copy.findMany(['m1'])).toEqual([]);
  });
});
