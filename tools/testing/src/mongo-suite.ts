import { MongoClient, type Db } from 'mongodb';
import { afterAll, describe, it } from 'vitest';
import { mongoTarget, uniqueDatabaseName, type MongoTarget } from './mongo-target.js';

export type NewDatabase = () => Promise<{ client: MongoClient; db: Db }>;

/**
 * Runs Mongo adapter tests against the server `mongoTarget()` picks, each call of `newDatabase` giving a fresh,
 * uniquely named database that is dropped afterwards. Without any server the suite is reported as skipped, by name.
 */
export function mongoSuite(title: string, body: (newDatabase: NewDatabase, target: MongoTarget) => void): void {
  const target = mongoTarget();
  if (!target) {
    console.warn(`SKIPPED ${title}: no MongoDB server (run through npm test, or set MONGODB_URL).`);
    describe(title, () => {
      it.skipIf(true)('is skipped: no MongoDB server (run through npm test, or set MONGODB_URL)', () => undefined);
    });
    return;
  }
  const client = new MongoClient(target.url);
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
}
