import type { UnservedDemandRepository } from '../../app/ports.js';
import type { UnservedDemand } from '../../domain/association-map.js';

export class MemoryUnservedDemandRepository implements UnservedDemandRepository {
  private readonly demands = new Map<string, UnservedDemand>();

  async record(demand: UnservedDemand & { id: string }): Promise<void> {
    const { id, ...kept } = demand;
    if (!this.demands.has(id)) this.demands.set(id, { ...kept });
  }

  async findInCells(cells: readonly string[], since: Date, until: Date): Promise<UnservedDemand[]> {
    const wanted = new Set(cells);
    return [...this.demands.values()]
      .filter((demand) => wanted.has(demand.h3Cell) && demand.refusedAt >= since && demand.refusedAt < until)
      .map((demand) => ({ ...demand }))
      .sort((left, right) => left.refusedAt.getTime() - right.refusedAt.getTime());
  }
}
