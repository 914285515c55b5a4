import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberSettingsRepository } from '../app/ports/stores.js';
import type { MemberAlertSettings } from '../domain/member-settings.js';

export function aMemberSettings(overrides: Partial<MemberAlertSettings> = {}): MemberAlertSettings {
  return {
    memberId: 'm1',
    version: 1,
    phoneNumber: '5035550100',
    timeZone: 'America/Los_Angeles',
    availability: { doNotDisturb: false, elevationMaximumFeet: 10, days: Array.from({ length: 7 }, () => ({ fromHour: 9, toHour: 22 })) },
    ...overrides,
  };
}

export function memberSettingsRepositoryContract(name: string, create: () => Promise<MemberSettingsRepository>): void {
  describe(`MemberSettingsRepository contract: ${name}`, () => {
    let settings: MemberSettingsRepository;
    beforeEach(async () => {
      settings = await create();
    });

    it('keeps settings and finds many at once, leaving out members without a copy', async () => {
      await settings.saveIfNewer([aMemberSettings({ memberId: 'm1' }), aMemberSettings({ memberId: 'm2', phoneNumber: '5035550101' })]);
      const found = await settings.findMany(['m1', 'm2', 'unknown']);
      expect(found.sort((a, b) => a.memberId.localeCompare(b.memberId))).toEqual([
        aMemberSettings({ memberId: 'm1' }),
        aMemberSettings({ memberId: 'm2', phoneNumber: '5035550101' }),
      ]);
      expect(await settings.findMany([])).toEqual([]);
    });

    it('replaces a copy only with a newer version, so a late answer never undoes a newer change', async () => {
      await settings.saveIfNewer([aMemberSettings({ version: 3, phoneNumber: '5035550103' })]);
      await settings.saveIfNewer([aMemberSettings({ version: 2, phoneNumber: '5035550102' })]);
      await settings.saveIfNewer([aMemberSettings({ version: 3, phoneNumber: '5035550199' })]);
      expect((await settings.findMany(['m1']))[0]?.phoneNumber).toBe('5035550103');
      await settings.saveIfNewer([aMemberSettings({ version: 4, availability: { ...aMemberSettings().availability, doNotDisturb: true } })]);
      expect(await settings.findMany(['m1'])).toEqual([aMemberSettings({ version: 4, availability: { ...aMemberSettings().availability, doNotDisturb: true } })]);
    });

    it('hands out copies no reader can change: neither what it saved nor what it read changes what is kept', async () => {
      const saved = aMemberSettings();
      await settings.saveIfNewer([saved]);
      saved.phoneNumber = '5035550199';
      const [read] = await settings.findMany(['m1']);
      try {
        if (read) read.availability.days[0] = { fromHour: 0, toHour: 1 };
      } catch (error) {
        // A frozen copy refuses the change outright.
        expect(error).toBeInstanceOf(TypeError);
      }
      expect(await settings.findMany(['m1'])).toEqual([aMemberSettings()]);
    });

    it('forgets an erased member for good, even when an older answer is saved after, and keeps the others', async () => {
      await settings.saveIfNewer([aMemberSettings({ memberId: 'm1', version: 3 }), aMemberSettings({ memberId: 'm2' })]);
      await settings.erase('m1');
      expect((await settings.findMany(['m1', 'm2'])).map(({ memberId }) => memberId)).toEqual(['m2']);
      await settings.saveIfNewer([aMemberSettings({ memberId: 'm1', version: 4 })]);
      await settings.erase('m3');
      await settings.saveIfNewer([aMemberSettings({ memberId: 'm3', version: 1 })]);
      expect(await settings.findMany(['m1', 'm3'])).toEqual([]);
    });

    it('keeps the newest of concurrent saves', async () => {
      await Promise.all([5, 2, 7, 3, 6].map((version) => settings.saveIfNewer([aMemberSettings({ version, phoneNumber: `503555010${version}` })])));
      expect((await settings.findMany(['m1']))[0]).toMatchObject({ version: 7, phoneNumber: '5035550107' });
    });
  });
}
