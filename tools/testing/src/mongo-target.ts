import { randomUUID } from 'node:crypto';

/**
 * Which MongoDB server a Mongo adapter test runs against: a real MongoDB when MONGODB_URL is set,
 * otherwise the MongoDB-compatible server the global set-up started (SWARM_TEST_JONGODB_URL).
 */
export type MongoTarget = { url: string; tier: 'MongoDB' | 'MongoDB-compatible (jongodb)'; isRealMongo: boolean };

export function mongoTarget(): MongoTarget | undefined {
  const real = process.env.MONGODB_URL;
  if (real) return { url: real, tier: 'MongoDB', isRealMongo: true };
  const compatible = process.env.SWARM_TEST_JONGODB_URL;
  if (compatible) return { url: compatible, tier: 'MongoDB-compatible (jongodb)', isRealMongo: false };
  return undefined;
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}
