import type { Collection, Db } from 'mongodb';
import type { ActivationCodeRepository } from '../../app/ports.js';
import type { ActivationCode } from '../../domain/activation-code.js';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';

/** The code is the _id, so uniqueness across associations comes with the primary key. */
type ActivationCodeDocument = { _id: string; companyId: string; issuedAt: Date };

export class MongoActivationCodeRepository implements ActivationCodeRepository {
  private readonly collection: Collection<ActivationCodeDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ActivationCodeDocument>('activation_codes');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ companyId: 1, issuedAt: 1 });
  }

  async createIfAbsent(code: ActivationCode): Promise<boolean> {
    try {
      await this.collection.insertOne({ _id: code.code, companyId: code.companyId, issuedAt: code.issuedAt });
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async find(code: string): Promise<ActivationCode | undefined> {
    const document = await this.collection.findOne({ _id: code });
    return document ? fromDocument(document) : undefined;
  }

  async listByAssociation(companyId: string): Promise<ActivationCode[]> {
    const documents = await this.collection.find({ companyId }).sort({ issuedAt: 1 }).toArray();
    return documents.map(fromDocument);
  }
}

function fromDocument(document: ActivationCodeDocument): ActivationCode {
  return { code: document._id, companyId: document.companyId, issuedAt: document.issuedAt };
}
