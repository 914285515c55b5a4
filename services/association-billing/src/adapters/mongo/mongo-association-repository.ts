import type { Collection, Db } from 'mongodb';
import type { AssociationRepository } from '../../app/ports.js';
import type { Association, AssociationStatus } from '../../domain/association.js';

type AssociationDocument = {
  _id: string;
  companyName: string;
  /** Left out, not null, when the association takes no donations. */
  donationUrl?: string;
  status: AssociationStatus;
  createdAt: Date;
  adminContactEmail?: string;
};

export class MongoAssociationRepository implements AssociationRepository {
  private readonly collection: Collection<AssociationDocument>;

  constructor(db: Db) {
    this.collection = db.collection<AssociationDocument>('associations');
  }

  async create(association: Association): Promise<void> {
    await this.collection.insertOne(toDocument(association));
  }

  async findById(companyId: string): Promise<Association | undefined> {
    const document = await this.collection.findOne({ _id: companyId });
    return document ? fromDocument(document) : undefined;
  }

  async findByIds(companyIds: readonly string[]): Promise<Association[]> {
    if (companyIds.length === 0) return [];
    const documents = await this.collection.find({ _id: { $in: [...new Set(companyIds)] } }).toArray();
    return documents.map(fromDocument);
  }

  async setAdminContactEmail(companyId: string, email: string): Promise<boolean> {
    const result = await this.collection.updateOne({ _id: companyId }, { $set: { adminContactEmail: email } });
    return result.matchedCount === 1;
  }
}

function toDocument(association: Association): AssociationDocument {
  return {
    _id: association.companyId,
    companyName: association.companyName,
    ...(association.donationUrl !== undefined ? { donationUrl: association.donationUrl } : {}),
    status: association.status,
    createdAt: association.createdAt,
    ...(association.adminContactEmail !== undefined ? { adminContactEmail: association.adminContactEmail } : {}),
  };
}

function fromDocument(document: AssociationDocument): Association {
  return {
    companyId: document._id,
    companyName: document.companyName,
    ...(typeof document.donationUrl === 'string' ? { donationUrl: document.donationUrl } : {}),
    status: document.status,
    createdAt: document.createdAt,
    ...(typeof document.adminContactEmail === 'string' ? { adminContactEmail: document.adminContactEmail } : {}),
  };
}
