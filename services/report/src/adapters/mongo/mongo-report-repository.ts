import { MongoServerError, type Collection, type Db, type MongoClient } from 'mongodb';
import type { MongoOutbox } from '@swarm/runtime/mongo';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import { addressKey } from '../../domain/duplicate-report.js';
import type { Report, ReportAssociation, ReportImage, ReportState, SwarmSize } from '../../domain/report.js';
import type { ReportEvent } from '../../domain/report-events.js';
import { toOutboxMessage } from '../events/report-event-codec.js';

type ReportDocument = {
  _id: string;
  idempotencyId: string;
  state: ReportState;
  claimCode: string;
  /** Set only while the report is live (active or claimed): the unique index keeps live claim codes distinct. */
  liveClaimCode?: string;
  reporterName: string;
  reporterPhone: string;
  size: SwarmSize;
  elevationFeet: number;
  address: string;
  /** `addressKey(address)`, indexed for the duplicate check. */
  addressKey: string;
  /** GeoJSON, the shape MongoDB's geospatial indexes and queries read. */
  location: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  internalNote: string;
  createdAt: Date;
  associations: ReportAssociation[];
  image?: ReportImage;
};

const DUPLICATE_KEY = 11000;

export class MongoReportRepository implements ReportRepository {
  private readonly collection: Collection<ReportDocument>;

  constructor(
    private readonly client: MongoClient,
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<ReportDocument>('reports');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ idempotencyId: 1 }, { unique: true, name: 'idempotencyId_unique' });
    await this.collection.createIndex(
      { liveClaimCode: 1 },
      { unique: true, name: 'liveClaimCode_unique', partialFilterExpression: { liveClaimCode: { $exists: true } } },
    );
    await this.collection.createIndex({ addressKey: 1, createdAt: -1 }, { name: 'addressKey_createdAt' });
    await this.outbox.ensureIndexes();
  }

  async create(report: Report, events: ReportEvent[]): Promise<CreateOutcome> {
    try {
      await this.client.withSession((session) =>
        session.withTransaction(async () => {
          await this.collection.insertOne(toDocument(report), { session });
          await this.outbox.append(events.map(toOutboxMessage), session);
        }),
      );
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
        return /liveClaimCode/.test(error.message) ? 'claim-code-taken' : 'idempotency-id-taken';
      }
      throw error;
    }
    this.onEventsStored();
    return 'created';
  }

  async findById(reportId: string): Promise<Report | undefined> {
    const document = await this.collection.findOne({ _id: reportId });
    return document ? fromDocument(document) : undefined;
  }

  async findByIdempotencyId(idempotencyId: string): Promise<Report | undefined> {
    const document = await this.collection.findOne({ idempotencyId });
    return document ? fromDocument(document) : undefined;
  }

  async findLiveAtAddressSince(key: string, since: Date): Promise<Report[]> {
    const documents = await this.collection.find({ addressKey: key, state: { $in: ['active', 'claimed'] }, createdAt: { $gte: since } }).toArray();
    return documents.map(fromDocument);
  }
}

function toDocument(report: Report): ReportDocument {
  const { reportId, location, ...fields } = report;
  const live = report.state === 'active' || report.state === 'claimed';
  return {
    _id: reportId,
    ...fields,
    addressKey: addressKey(report.address),
    location: { type: 'Point', coordinates: [location.longitude, location.latitude] },
    ...(live ? { liveClaimCode: report.claimCode } : {}),
  };
}

function fromDocument(document: ReportDocument): Report {
  return {
    reportId: document._id,
    idempotencyId: document.idempotencyId,
    state: document.state,
    claimCode: document.claimCode,
    reporterName: document.reporterName,
    reporterPhone: document.reporterPhone,
    size: document.size,
    elevationFeet: document.elevationFeet,
    address: document.address,
    internalNote: document.internalNote,
    location: { latitude: document.location.coordinates[1], longitude: document.location.coordinates[0] },
    createdAt: document.createdAt,
    associations: document.associations.map(({ companyId, name, donationUrl }) => ({ companyId, name, donationUrl })),
    ...(document.image ? { image: { imageName: document.image.imageName, thumbnailName: document.image.thumbnailName } } : {}),
  };
}
