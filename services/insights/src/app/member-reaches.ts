import type { MemberReach } from '../domain/member-coverage.js';
import type { MemberDirectory, MemberReachRepository } from './ports.js';

/** How many members missing from the copy are asked of the member service at once. */
const FILL_CONCURRENCY = 8;

/**
 * Members' reach from the copy this service keeps, fed by member.changed and member.deleted. The members it has no
 * copy of yet (a fresh service, a change not yet arrived) are asked of the member service and kept, so a map is
 * complete from its first request; a member the member service no longer knows is kept as erased.
 */
export class MemberReaches {
  constructor(private readonly ports: { reach: MemberReachRepository; members: MemberDirectory }) {}

  /** The reach of each of these members that still exists, in no particular order. */
  async of(memberIds: readonly string[]): Promise<MemberReach[]> {
    const ids = [...new Set(memberIds)];
    const kept = await this.ports.reach.findMany(ids);
    const known = new Set(kept.map(({ memberId }) => memberId));
    const found = kept.flatMap((entry) => ('erased' in entry ? [] : [entry]));
    const missing = ids.filter((memberId) => !known.has(memberId));
    for (let start = 0; start < missing.length; start += FILL_CONCURRENCY) {
      const fetched = await Promise.all(missing.slice(start, start + FILL_CONCURRENCY).map((memberId) => this.fetch(memberId)));
      for (const reach of fetched) if (reach) found.push(reach);
    }
    return found;
  }

  /** Reads the member's reach again when `version` is newer than the copy's; a late or repeated event asks nothing. */
  async refresh(memberId: string, version: number): Promise<void> {
    const [kept] = await this.ports.reach.findMany([memberId]);
    if (kept && ('erased' in kept || kept.version >= version)) return;
    await this.fetch(memberId);
  }

  erase(memberId: string): Promise<void> {
    return this.ports.reach.erase(memberId);
  }

  private async fetch(memberId: string): Promise<MemberReach | undefined> {
    const reach = await this.ports.members.reachOf(memberId);
    // Member ids are never given again: one the member service does not know was deleted.
    if (!reach) await this.ports.reach.erase(memberId);
    else await this.ports.reach.saveIfNewer(reach);
    return reach;
  }
}
