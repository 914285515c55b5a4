import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { UnservedDemandRepository } from '../../app/ports.js';
import type { UnservedDemand } from '../../domain/association-map.js';

type UnservedDemandDocument = { _id: string; h3Cell: string; refusedAt: Date; size: string };

/** The `unserved_demand` collection of the insights database: one document per refused report, by event id. */
export class MongoUnservedDemandRepository implements UnservedDemandRepository {
  private readonly collection: Collection<UnservedDemandDocument>;

  constructor(db: Db) {
    this.collection = db.collection<UnservedDemandDocument>('unserved_demand');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ h3Cell: 1, refusedAt: 1 }, { name: 'cell_refused_at' });
  }

  async record(demand: UnservedDemand & { id: string }): Promise<void> {
    try {
      await this.collection.insertOne({ _id: demand.id, h3Cell: demand.h3Cell, refusedAt: demand.refusedAt, size: demand.size });
    } catch (error) {
      // Recorded before: a redelivered event.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async findInCells(cells: readonly string[], since: Date, until: Date): Promise<UnservedDemand[]> {
    if (cells.length === 0) return [];
    const documents = await this.collection.find({ h3Cell: { $in: [...cells] }, refusedAt: { $gte: since, $lt: until } }).sort({ refusedAt: 1 }).toArray();
    return documents.map(({ h3Cell, refusedAt, size }) => ({ h3Cell, refusedAt, size }));
  }
}
