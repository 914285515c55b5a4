import { type Collection, type Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { InboundSmsRecord, InboundSmsRepository } from '../../app/ports/inbound.js';
import { sendersOf } from '../../domain/inbound-sms.js';

/** The message body is not kept: only what deduplication and the wrong-code throttle need. */
type InboundSmsDocument = { _id: string; from: string; receivedAt: Date; reply?: string; wrongCode: boolean };


export class MongoInboundSmsRepository implements InboundSmsRepository {
  private readonly collection: Collection<InboundSmsDocument>;

  constructor(db: Db) {
    this.collection = db.collection<InboundSmsDocument>('inbound_sms');
  }

  async ensureIndexes(): Promise<void> {
    // The throttle counts one number's recent wrong codes.
    await this.collection.createIndex({ from: 1, receivedAt: 1 }, { name: 'from_received' });
    // Twilio retries a webhook within hours and the throttle looks back one hour: a week is ample, and senders'
    // numbers are not kept longer than that.
    await this.collection.createIndex({ receivedAt: 1 }, { name: 'received_ttl', expireAfterSeconds: 7 * 24 * 60 * 60 });
  }

  async recordIfAbsent(message: InboundSmsRecord): Promise<{ kind: 'recorded' } | { kind: 'duplicate'; reply: string | undefined }> {
    try {
      // The unique _id makes of concurrent deliveries of one message exactly one 'recorded'.
      await this.collection.insertOne({ _id: message.messageSid, from: message.from, receivedAt: message.receivedAt, wrongCode: false });
      return { kind: 'recorded' };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.collection.findOne({ _id: message.messageSid });
      return { kind: 'duplicate', reply: existing?.reply };
    }
  }

  async saveOutcome(messageSid: string, outcome: { reply: string; wrongCode: boolean }): Promise<void> {
    await this.collection.updateOne({ _id: messageSid }, { $set: { reply: outcome.reply, wrongCode: outcome.wrongCode } });
  }

  async release(messageSid: string): Promise<void> {
    // Only while no outcome is saved: a message handled to the end stays handled.
    await this.collection.deleteOne({ _id: messageSid, reply: { $exists: false } });
  }

  async countWrongCodesSince(from: string, since: Date): Promise<number> {
    return this.collection.countDocuments({ from, wrongCode: true, receivedAt: { $gte: since } });
  }

  async eraseSender(phoneNumber: string): Promise<void> {
    await this.collection.updateMany({ from: { $in: sendersOf(phoneNumber) } }, { $set: { from: '' } });
  }
}
