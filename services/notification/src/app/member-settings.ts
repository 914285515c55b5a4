import type { MemberAlertSettings } from '../domain/member-settings.js';
import type { MemberDirectory } from './ports/other-services.js';
import type { MemberSettingsRepository } from './ports/stores.js';

/**
 * Members' alert settings from the copy this service keeps; the members it has no copy of yet (a fresh service, a
 * member.changed not yet arrived) are asked of the member service in one call and kept.
 */
export class MemberSettings {
  constructor(private readonly ports: { settings: MemberSettingsRepository; members: MemberDirectory }) {}

  /** The settings of each known member; members the member service does not know are left out. */
  async of(memberIds: string[]): Promise<Map<string, MemberAlertSettings>> {
    const found = new Map((await this.ports.settings.findMany(memberIds)).map((settings) => [settings.memberId, settings]));
    const missing = [...new Set(memberIds)].filter((memberId) => !found.has(memberId));
    if (missing.length > 0) {
      const fetched = await this.ports.members.listAlertSettings(missing);
      await this.ports.settings.saveIfNewer(fetched);
      for (const settings of fetched) found.set(settings.memberId, settings);
    }
    return found;
  }

  /** The member's current settings, read from the member service and kept; undefined when the member left. */
  async current(memberId: string): Promise<MemberAlertSettings | undefined> {
    const [settings] = await this.ports.members.listAlertSettings([memberId]);
    if (settings) await this.ports.settings.saveIfNewer([settings]);
    return settings;
  }

  /** Reads the member's current settings again when `version` is newer than the copy kept; answers whether it did. */
  async refresh(memberId: string, version: number): Promise<boolean> {
    const [kept] = await this.ports.settings.findMany([memberId]);
    if (kept && kept.version >= version) return false;
    await this.ports.settings.saveIfNewer(await this.ports.members.listAlertSettings([memberId]));
    return true;
  }
}
