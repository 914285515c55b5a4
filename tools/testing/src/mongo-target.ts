import { randomUUID } from 'node:crypto';

/**
 * Which MongoDB server a Mongo adapter test runs against, as the global set-up picked it: a real MongoDB (MONGODB_URL,
 * or a mongo:8 container), or the MongoDB-compatible jongodb.
 */
export type MongoTarget = { url: string; tier: 'MongoDB' | 'MongoDB-compatible (jongodb)'; isRealMongo: boolean };

export function mongoTarget(): MongoTarget | undefined {
  const url = process.env.SWARM_TEST_MONGODB_URL ?? process.env.MONGODB_URL;
  if (!url) return undefined;
  const isRealMongo = process.env.SWARM_TEST_MONGODB_REAL !== 'false';
  return { url, tier: isRealMongo ? 'MongoDB' : 'MongoDB-compatible (jongodb)', isRealMongo };
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}
