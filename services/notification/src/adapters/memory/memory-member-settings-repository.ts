import type { MemberSettingsRepository } from '../../app/ports/stores.js';
import { isNewer, type MemberAlertSettings } from '../../domain/member-settings.js';

export class MemoryMemberSettingsRepository implements MemberSettingsRepository {
  private readonly settings = new Map<string, MemberAlertSettings>();

  async findMany(memberIds: string[]): Promise<MemberAlertSettings[]> {
    return [...new Set(memberIds)].flatMap((memberId) => {
      const kept = this.settings.get(memberId);
      return kept ? [structuredClone(kept)] : [];
    });
  }

  async saveIfNewer(settings: MemberAlertSettings[]): Promise<void> {
    for (const candidate of settings) {
      if (isNewer(candidate, this.settings.get(candidate.memberId))) this.settings.set(candidate.memberId, structuredClone(candidate));
    }
  }
}
