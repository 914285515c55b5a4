import { describe, expect, it } from 'vitest';
import { MemoryMemberSettingsRepository } from '../adapters/memory/memory-member-settings-repository.js';
import { FakeMemberDirectory, memberSettingsFrom, silentLog } from '../testing/dispatch-fakes.js';
import { FollowMemberChanges } from './follow-member-changes.js';

describe('FollowMemberChanges', () => {
  function setUp() {
    const members = new FakeMemberDirectory();
    const copy = new MemoryMemberSettingsRepository();
    const settings = memberSettingsFrom(members, copy);
    return { members, copy, settings, follow: new FollowMemberChanges({ members: settings, log: silentLog }) };
  }

  it('reads the member’s current settings when the change is newer than the copy, so the next alert sees it', async () => {
    const { members, copy, settings, follow } = setUp();
    members.phone('m1', '5035550100');
    await settings.of(['m1']);
    members.windows('m1', { doNotDisturb: true });
    await follow.execute({ memberId: 'm1', version: members.current('m1').version });
    expect((await copy.findMany(['m1']))[0]).toMatchObject({ version: members.current('m1').version, availability: { doNotDisturb: true } });
  });

  it('asks nothing for a change the copy already has (a late or repeated event)', async () => {
    const { members, settings, follow } = setUp();
    await settings.of(['m1']);
    await follow.execute({ memberId: 'm1', version: members.current('m1').version });
    await follow.execute({ memberId: 'm1', version: 0 });
    expect(members.asked).toEqual([['m1']]);
  });

  it('keeps a copy of a member it had none of, and nothing of a member who left', async () => {
    const { members, copy, follow } = setUp();
    await follow.execute({ memberId: 'm2', version: 1 });
    members.left.add('m3');
    await follow.execute({ memberId: 'm3', version: 4 });
    expect((await copy.findMany(['m2', 'm3'])).map((kept) => kept.memberId)).toEqual(['m2']);
  });
});
