import { MongoClient, type Db } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { mongoTarget, uniqueDatabaseName, type MongoTarget } from './mongo-target.js';
import { QueryRecorder } from './query-index-check.js';

export type NewDatabase = () => Promise<{ client: MongoClient; db: Db }>;

/**
 * Runs Mongo adapter tests against the server `mongoTarget()` picks, each call of `newDatabase` giving a fresh,
 * uniquely named database that is dropped afterwards. Without any server the suite is reported as skipped, by name.
 * Last, it checks that every query the suite sent could use an index of its collection (indexes as the adapters'
 * `ensureIndexes` created them), so no adapter query scans a collection as it grows.
 */
export type MongoSuiteOptions = {
  /** Queries allowed to scan, as the check names them ('<collection> by {<fields>}'), each with the reason. */
  allowedScans?: Record<string, string>;
};

export function mongoSuite(title: string, body: (newDatabase: NewDatabase, target: MongoTarget) => void, options: MongoSuiteOptions = {}): void {
  const target = mongoTarget();
  if (!target) {
    console.warn(`SKIPPED ${title}: no MongoDB server (run through npm test, or set MONGODB_URL).`);
    describe(title, () => {
      it.skipIf(true)('is skipped: no MongoDB server (run through npm test, or set MONGODB_URL)', () => undefined);
    });
    return;
  }
  const client = new MongoClient(target.url, { monitorCommands: true });
  const recorder = new QueryRecorder(client);
  const databases: string[] = [];
  afterAll(async () => {
    await Promise.allSettled(databases.map((name) => client.db(name).dropDatabase()));
    await client.close();
  });
  body(async () => {
    const name = uniqueDatabaseName('test');
    databases.push(name);
    return { client, db: client.db(name) };
  }, target);
  it('sends no query that no index can serve', async () => {
    const allowed = Object.keys(options.allowedScans ?? {});
    const unindexed = await recorder.unindexed(client, databases);
    expect(unindexed.filter((problem) => !allowed.some((scan) => problem.includes(` on ${scan} `)))).toEqual([]);
  });
}
