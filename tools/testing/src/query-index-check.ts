import type { CommandStartedEvent, MongoClient } from 'mongodb';

/** One query a test sent: the collection it read or wrote and the fields its filter constrains at the top level. */
export type RecordedQuery = { database: string; collection: string; command: string; fields: string[] };

type Filter = Record<string, unknown>;

const WRITE_FILTER_KEYS: Record<string, string> = { update: 'updates', delete: 'deletes' };

/** The field sets a filter needs an index for: one per branch of a top-level $or, the fields of $and merged in. */
export function filterBranches(filter: Filter | undefined): string[][] {
  if (!filter) return [[]];
  const own = Object.keys(filter).filter((key) => !key.startsWith('$'));
  const anded = Array.isArray(filter.$and) ? (filter.$and as Filter[]).flatMap((part) => filterBranches(part).flat()) : [];
  const base = [...own, ...anded];
  if (!Array.isArray(filter.$or)) return [base];
  return (filter.$or as Filter[]).flatMap((branch) => filterBranches(branch).map((fields) => [...base, ...fields]));
}

/** The filters a command carries, by command name; commands that read nothing by filter give none. */
export function filtersOf(event: Pick<CommandStartedEvent, 'commandName' | 'command'>): Filter[] {
  const command = event.command as Record<string, unknown>;
  switch (event.commandName) {
    case 'find':
    case 'count':
    case 'distinct':
      return [(command.filter ?? command.query ?? {}) as Filter];
    case 'findAndModify':
      return [(command.query ?? {}) as Filter];
    case 'update':
    case 'delete': {
      const statements = (command[WRITE_FILTER_KEYS[event.commandName] ?? ''] ?? []) as { q?: Filter }[];
      return statements.map((statement) => statement.q ?? {});
    }
    case 'aggregate': {
      const [first] = (command.pipeline ?? []) as Filter[];
      if (!first) return [{}];
      if ('$geoNear' in first) return [];
      return [((first.$match ?? {}) as Filter)];
    }
    default:
      return [];
  }
}

/**
 * Records every filtered command a client sends (the driver's command monitoring), so a suite can check afterwards
 * that each query of its adapters could use an index: the first field of some index of the collection is among the
 * fields the filter constrains (or the filter names `_id`).
 */
export class QueryRecorder {
  readonly queries: RecordedQuery[] = [];

  constructor(client: MongoClient) {
    client.on('commandStarted', (event) => {
      const collection = (event.command as Record<string, unknown>)[event.commandName];
      if (typeof collection !== 'string') return;
      for (const filter of filtersOf(event)) {
        for (const fields of filterBranches(filter)) {
          this.queries.push({ database: event.databaseName, collection, command: event.commandName, fields });
        }
      }
    });
  }

  /** The queries no index can serve, each with the indexes its collection has. */
  async unindexed(client: MongoClient, databases: string[]): Promise<string[]> {
    const leadingFields = new Map<string, Set<string>>();
    const problems: string[] = [];
    for (const query of this.queries) {
      if (!databases.includes(query.database)) continue;
      const key = `${query.database}.${query.collection}`;
      let leading = leadingFields.get(key);
      if (!leading) {
        const indexes = await client.db(query.database).collection(query.collection).listIndexes().toArray().catch(() => []);
        leading = new Set(indexes.map((index) => Object.keys(index.key as Filter)[0] ?? '_id'));
        leadingFields.set(key, leading);
      }
      if (query.fields.includes('_id') || query.fields.some((field) => leading.has(field))) continue;
      const indexed = [...leading].join(', ') || 'none';
      problems.push(`${query.command} on ${query.collection} by {${query.fields.join(', ')}} (indexes lead with: ${indexed})`);
    }
    return [...new Set(problems)].sort();
  }
}
