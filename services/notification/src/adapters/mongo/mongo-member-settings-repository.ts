import type { Collection, Db } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { MemberSettingsRepository } from '../../app/ports/stores.js';
import type { MemberAlertSettings } from '../../domain/member-settings.js';

type MemberSettingsDocument = Omit<MemberAlertSettings, 'memberId'> & { _id: string };
/**
 * What stays of the copy of a member who deleted their account: a mark with a version no answer can reach, so a late
 * save finds a newer copy kept and keeps nothing.
 */
type ErasedSettingsDocument = { _id: string; version: number; erased: true };
const ERASED_VERSION = Number.MAX_SAFE_INTEGER;

/** The `member_settings` collection of the notification database: the copy of members' alert settings. */
export class MongoMemberSettingsRepository implements MemberSettingsRepository {
  private readonly collection: Collection<MemberSettingsDocument>;
  private readonly erasures: Collection<ErasedSettingsDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MemberSettingsDocument>('member_settings');
    this.erasures = db.collection<ErasedSettingsDocument>('member_settings');
  }

  async findMany(memberIds: string[]): Promise<MemberAlertSettings[]> {
    if (memberIds.length === 0) return [];
    const documents = await this.collection.find({ _id: { $in: [...new Set(memberIds)] }, erased: { $exists: false } }).toArray();
    return documents.map(({ _id, ...fields }) => ({ memberId: _id, ...fields }));
  }

  async saveIfNewer(settings: MemberAlertSettings[]): Promise<void> {
    for (const { memberId, ...fields } of settings) {
      try {
        // Replaces an older copy; with none kept, the upsert inserts it; with a newer or equal one kept, the filter
        // misses and the upsert's insert fails on the unique _id: nothing changes.
        await this.collection.replaceOne({ _id: memberId, version: { $lt: fields.version } }, fields, { upsert: true });
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
  }

  async erase(memberId: string): Promise<void> {
    await this.erasures.replaceOne({ _id: memberId }, { version: ERASED_VERSION, erased: true }, { upsert: true });
  }
}
