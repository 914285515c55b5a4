import type { JoinFailureRepository } from '../../app/ports.js';

export class MemoryJoinFailureRepository implements JoinFailureRepository {
  private readonly failures = new Map<string, Date[]>();

  async record(memberId: string, at: Date): Promise<void> {
    this.failures.set(memberId, [...(this.failures.get(memberId) ?? []), at]);
  }

  async countSince(memberId: string, since: Date): Promise<number> {
    const recent = (this.failures.get(memberId) ?? []).filter((at) => at >= since);
    if (recent.length === 0) this.failures.delete(memberId);
    else this.failures.set(memberId, recent);
    return recent.length;
  }
}
