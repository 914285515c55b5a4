import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { SmsOptOutRepository } from '../../app/ports/stores.js';
import { nationalNumber } from '../../domain/inbound-sms.js';

type OptOutDocument = { _id: string; optedOut: boolean; at: Date };

/** The `sms_opt_outs` collection: the latest STOP or START of each number (ten digits). */
export class MongoSmsOptOutRepository implements SmsOptOutRepository {
  private readonly collection: Collection<OptOutDocument>;

  constructor(db: Db) {
    this.collection = db.collection<OptOutDocument>('sms_opt_outs');
  }

  optOut(phoneNumber: string, at: Date): Promise<void> {
    return this.keepNewest(phoneNumber, true, at);
  }

  optIn(phoneNumber: string, at: Date): Promise<void> {
    return this.keepNewest(phoneNumber, false, at);
  }

  async isOptedOut(phoneNumber: string): Promise<boolean> {
    return (await this.collection.findOne({ _id: nationalNumber(phoneNumber) }))?.optedOut ?? false;
  }

  /** One conditional upsert: an older change finds the newer one kept, misses the filter and fails on the unique id. */
  private async keepNewest(phoneNumber: string, optedOut: boolean, at: Date): Promise<void> {
    try {
      await this.collection.updateOne({ _id: nationalNumber(phoneNumber), at: { $lte: at } }, { $set: { optedOut, at } }, { upsert: true });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
