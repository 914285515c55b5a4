import { MongoClient, type Db } from 'mongodb';

export type MongoConnection = { client: MongoClient; db: Db; isHealthy: () => Promise<boolean>; close: () => Promise<void> };

/** Connects to the service's own database; every service keeps its own and no other service reads it. */
export async function connectMongo(url: string, database: string): Promise<MongoConnection> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000, appName: database });
  await client.connect();
  const db = client.db(database);
  return {
    client,
    db,
    isHealthy: async () => {
      await db.command({ ping: 1 });
      return true;
    },
    close: () => client.close(),
  };
}
