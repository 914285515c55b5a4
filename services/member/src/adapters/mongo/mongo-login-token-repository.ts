import type { Collection, Db } from 'mongodb';
import type { LoginTokenRepository, StoredLoginToken } from '../../app/ports.js';

type LoginTokenDocument = { _id: string; email: string; expiresAt: Date; consumedAt: Date | null };

export class MongoLoginTokenRepository implements LoginTokenRepository {
  private readonly collection: Collection<LoginTokenDocument>;

  constructor(db: Db) {
    this.collection = db.collection<LoginTokenDocument>('login_tokens');
  }

  async ensureIndexes(): Promise<void> {
    // MongoDB deletes expired tokens by itself; consume() checks the expiry too, since the TTL sweep runs once a minute.
    await this.collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_ttl' });
    // A deleted account takes the tokens issued for its email with it.
    await this.collection.createIndex({ email: 1 }, { name: 'email' });
  }

  async save(token: StoredLoginToken): Promise<void> {
    await this.collection.insertOne({ _id: token.tokenHash, email: token.email, expiresAt: token.expiresAt, consumedAt: null });
  }

  async consume(tokenHash: string, now: Date): Promise<StoredLoginToken | undefined> {
    // One conditional update: of concurrent calls for one hash, only one marks it consumed (updateOne rather than
    // findOneAndUpdate, which the MongoDB-compatible test server does not serialise). The used token stays until the
    // TTL index removes it at its expiry.
    const result = await this.collection.updateOne({ _id: tokenHash, consumedAt: null }, { $set: { consumedAt: now } });
    if (result.modifiedCount !== 1) return undefined;
    const document = await this.collection.findOne({ _id: tokenHash });
    if (!document || document.expiresAt.getTime() <= now.getTime()) return undefined;
    return { tokenHash: document._id, email: document.email, expiresAt: document.expiresAt };
  }

  async removeForEmail(email: string): Promise<void> {
    await this.collection.deleteMany({ email });
  }
}
