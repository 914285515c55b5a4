import type { MemberSettingsRepository } from '../../app/ports/stores.js';
import { isNewer, type MemberAlertSettings } from '../../domain/member-settings.js';

/**
 * The copies are kept deeply frozen and handed out as they are: a reader can change none of them, as with a database,
 * without a clone per read (an alert wave reads a thousand members at once, and cloning them all held the process
 * for tens of milliseconds).
 */
export class MemoryMemberSettingsRepository implements MemberSettingsRepository {
  private readonly settings = new Map<string, Readonly<MemberAlertSettings>>();
  /** Members who deleted their account: never kept again. */
  private readonly erased = new Set<string>();

  async findMany(memberIds: string[]): Promise<MemberAlertSettings[]> {
    return [...new Set(memberIds)].flatMap((memberId) => {
      const kept = this.settings.get(memberId);
      return kept ? [kept] : [];
    });
  }

  async saveIfNewer(settings: MemberAlertSettings[]): Promise<void> {
    for (const candidate of settings) {
      if (this.erased.has(candidate.memberId)) continue;
      if (isNewer(candidate, this.settings.get(candidate.memberId))) this.settings.set(candidate.memberId, deepFrozen(structuredClone(candidate)));
    }
  }

  async erase(memberId: string): Promise<void> {
    this.erased.add(memberId);
    this.settings.delete(memberId);
  }
}

function deepFrozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) deepFrozen(field);
    Object.freeze(value);
  }
  return value;
}
