import { Binary, type Collection, type Db, type Filter, type UpdateFilter } from 'mongodb';
import { isDuplicateKeyError } from '@swarm/runtime/mongo';
import type { OutboxMessage, OutboxStore } from '@swarm/runtime';
import type { MongoOutbox } from '@swarm/runtime/mongo';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import type { BadReason } from '../../domain/claim.js';
import { addressKey } from '../../domain/duplicate-report.js';
import type { MemberAlert } from '../../domain/member-alert.js';
import type { Report, ReportAssociation, ReportClaim, ReportImage, ReportState, SwarmSize } from '../../domain/report.js';
import type { ReportClaimed, ReportEvent, ReportMarkedBad, ReportUnclaimed } from '../../domain/report-events.js';
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
  claimedBy?: string;
  claimedAt?: Date;
  badReason?: BadReason;
  markedBadAt?: Date;
  /**
   * The events of the last write (the creation or a claim transition) until they are safely in the outbox: written by
   * the same single-document insert or conditional update as the state change, so a change and its events are stored
   * together or not at all (see `write`).
   */
  pendingEvents?: ParkedEvent[];
  /** How an earlier version parked one transition event; moved like `pendingEvents`. */
  pendingEventId?: string;
  pendingEvent?: { type: string; payload: Binary; createdAt: Date };
};

type ParkedEvent = { id: string; type: string; payload: Binary; createdAt: Date };

/** One per (report, member): the `_id` is the pair, so recording the same alert twice keeps the first. */
type AlertDocument = {
  _id: string;
  reportId: string;
  memberId: string;
  companyId: string;
  companyName: string;
  distanceMiles: number;
  alertedAt: Date;
};

/** Attempts of a transition that found an earlier write's events still parked on the report. */
const TRANSITION_ATTEMPTS = 3;
/** Reports whose parked events one recovery pass moves to the outbox. */
const RECOVERY_BATCH = 100;

export class MongoReportRepository implements ReportRepository {
  private readonly collection: Collection<ReportDocument>;
  private readonly alerts: Collection<AlertDocument>;

  constructor(
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<ReportDocument>('reports');
    this.alerts = db.collection<AlertDocument>('report_alerts');
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ idempotencyId: 1 }, { unique: true, name: 'idempotencyId_unique' });
    await this.collection.createIndex(
      { liveClaimCode: 1 },
      { unique: true, name: 'liveClaimCode_unique', partialFilterExpression: { liveClaimCode: { $exists: true } } },
    );
    await this.collection.createIndex({ addressKey: 1, createdAt: -1 }, { name: 'addressKey_createdAt' });
    await this.collection.createIndex({ claimedBy: 1, state: 1 }, { name: 'claimedBy_state' });
    await this.collection.createIndex({ 'pendingEvents.id': 1 }, { name: 'pendingEvents', sparse: true });
    await this.collection.createIndex({ pendingEventId: 1 }, { name: 'pendingEventId', sparse: true });
    await this.alerts.createIndex({ memberId: 1 }, { name: 'memberId' });
    await this.outbox.ensureIndexes();
  }

  /**
   * One insert stores the report with its events parked on it; they then move to the outbox like a transition's.
   * Not a transaction: the MongoDB-compatible test server loses writes of transactions that run concurrently, even on
   * different documents (concurrent submissions lost reports answered 201), and a single-document insert is atomic on
   * every server.
   */
  async create(report: Report, events: ReportEvent[]): Promise<CreateOutcome> {
    const parked = events.map(park);
    try {
      await this.collection.insertOne({ ...toDocument(report), ...(parked.length > 0 ? { pendingEvents: parked } : {}) });
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return /liveClaimCode/.test(error.message) ? 'claim-code-taken' : 'idempotency-id-taken';
      }
      throw error;
    }
    await this.moveParkedEventsSafely(report.reportId, parked);
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

  async findLiveByClaimCode(claimCode: string): Promise<Report | undefined> {
    const document = await this.collection.findOne({ liveClaimCode: claimCode });
    return document ? fromDocument(document) : undefined;
  }

  async findByIds(reportIds: string[]): Promise<Report[]> {
    if (reportIds.length === 0) return [];
    const documents = await this.collection.find({ _id: { $in: reportIds } }).toArray();
    return documents.map(fromDocument);
  }

  async findClaimedBy(memberId: string): Promise<Report[]> {
    const documents = await this.collection.find({ claimedBy: memberId, state: 'claimed' }).toArray();
    return documents.map(fromDocument);
  }

  async claim(reportId: string, claim: ReportClaim, event: ReportClaimed): Promise<boolean> {
    return this.transition(reportId, { state: 'active' }, { $set: { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt } }, event);
  }

  async unclaim(reportId: string, claim: ReportClaim, event: ReportUnclaimed): Promise<boolean> {
    return this.transition(
      reportId,
      { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt },
      { $set: { state: 'active' }, $unset: { claimedBy: '', claimedAt: '' } },
      event,
    );
  }

  async markBad(reportId: string, claim: ReportClaim, bad: { reason: BadReason; markedAt: Date }, event: ReportMarkedBad): Promise<boolean> {
    return this.transition(
      reportId,
      { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt },
      { $set: { state: 'bad', badReason: bad.reason, markedBadAt: bad.markedAt }, $unset: { liveClaimCode: '' } },
      event,
    );
  }

  async recordAlert(alert: MemberAlert): Promise<void> {
    try {
      await this.alerts.insertOne({ _id: alertId(alert.reportId, alert.memberId), ...alert });
    } catch (error) {
      // Already recorded: the first record is kept.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async findAlert(reportId: string, memberId: string): Promise<MemberAlert | undefined> {
    const document = await this.alerts.findOne({ _id: alertId(reportId, memberId) });
    return document ? fromAlertDocument(document) : undefined;
  }

  async findAlertsForMember(memberId: string): Promise<MemberAlert[]> {
    const documents = await this.alerts.find({ memberId }).toArray();
    return documents.map(fromAlertDocument);
  }

  /**
   * Moves events parked on reports by writes that stopped before handing them to the outbox (a crash, a failed
   * write). The relay runs it before each read of the outbox (see `RecoveringReportOutbox`).
   */
  async recoverParkedEvents(): Promise<void> {
    const parked = await this.collection
      .find({ $or: [{ 'pendingEvents.id': { $exists: true } }, { pendingEventId: { $exists: true } }] })
      .limit(RECOVERY_BATCH)
      .toArray();
    for (const document of parked) await this.moveParkedEvents(document._id, parkedEventsOf(document));
  }

  /**
   * Every write of a report and its events is ONE single-document write, atomic on every server, with no transaction:
   * the MongoDB-compatible test server does not detect write conflicts between transactions, so two claims could both
   * succeed there. The events are parked on the report document itself, then moved to the outbox under their (fixed)
   * ids and unparked. Moving is idempotent (a duplicate outbox id is ignored; unparking is conditional on the ids), and
   * anything left parked is moved by `recoverParkedEvents`, so no event is lost or published twice. A transition never
   * overwrites parked events: it requires none, and moves those it finds before trying again.
   */
  private async transition(
    reportId: string,
    expected: Filter<ReportDocument>,
    change: { $set: Partial<ReportDocument>; $unset?: UpdateFilter<ReportDocument>['$unset'] },
    event: ReportEvent,
  ): Promise<boolean> {
    const parked = [park(event)];
    for (let attempt = 0; attempt < TRANSITION_ATTEMPTS; attempt += 1) {
      const result = await this.collection.updateOne(
        { _id: reportId, ...expected, 'pendingEvents.id': { $exists: false }, pendingEventId: { $exists: false } },
        { $set: { ...change.$set, pendingEvents: parked }, ...(change.$unset ? { $unset: change.$unset } : {}) },
      );
      if (result.modifiedCount === 1) {
        await this.moveParkedEventsSafely(reportId, parked);
        return true;
      }
      const current = await this.collection.findOne({ _id: reportId });
      const leftOver = current ? parkedEventsOf(current) : [];
      if (leftOver.length === 0) return false;
      await this.moveParkedEvents(reportId, leftOver);
    }
    return false;
  }

  /** After a stored write: its events go to the outbox now, or recovery moves them later; either way the relay wakes. */
  private async moveParkedEventsSafely(reportId: string, parked: ParkedEvent[]): Promise<void> {
    if (parked.length === 0) return;
    try {
      await this.moveParkedEvents(reportId, parked);
    } catch {
      // The change is stored with its events parked on the report; recovery moves them to the outbox later.
    }
    this.onEventsStored();
  }

  private async moveParkedEvents(reportId: string, parked: ParkedEvent[]): Promise<void> {
    if (parked.length === 0) return;
    await this.outbox.appendIfAbsent(
      parked.map(({ id, type, payload, createdAt }): OutboxMessage => ({ id, type, payload: new Uint8Array(payload.buffer), createdAt })),
    );
    await this.collection.updateOne(
      { _id: reportId, $or: [{ 'pendingEvents.id': parked[0]?.id }, { pendingEventId: parked[0]?.id }] },
      { $unset: { pendingEvents: '', pendingEventId: '', pendingEvent: '' } },
    );
  }
}

function park(event: ReportEvent): ParkedEvent {
  const message = toOutboxMessage(event);
  return { id: message.id, type: message.type, payload: new Binary(message.payload), createdAt: message.createdAt };
}

function parkedEventsOf(document: Pick<ReportDocument, 'pendingEvents' | 'pendingEventId' | 'pendingEvent'>): ParkedEvent[] {
  if (document.pendingEvents) return document.pendingEvents;
  if (document.pendingEventId && document.pendingEvent) return [{ id: document.pendingEventId, ...document.pendingEvent }];
  return [];
}

/** The report outbox as the relay reads it: first moves any parked transition events into it. */
export class RecoveringReportOutbox implements OutboxStore {
  constructor(
    private readonly outbox: MongoOutbox,
    private readonly reports: MongoReportRepository,
  ) {}

  async pending(limit: number): Promise<OutboxMessage[]> {
    await this.reports.recoverParkedEvents();
    return this.outbox.pending(limit);
  }

  markPublished(ids: string[]): Promise<void> {
    return this.outbox.markPublished(ids);
  }
}

function alertId(reportId: string, memberId: string): string {
  return JSON.stringify([reportId, memberId]);
}

function fromAlertDocument(document: AlertDocument): MemberAlert {
  return {
    reportId: document.reportId,
    memberId: document.memberId,
    companyId: document.companyId,
    companyName: document.companyName,
    distanceMiles: document.distanceMiles,
    alertedAt: document.alertedAt,
  };
}

function toDocument(report: Report): ReportDocument {
  const { reportId, location, claim, bad, ...fields } = report;
  const live = report.state === 'active' || report.state === 'claimed';
  return {
    _id: reportId,
    ...fields,
    addressKey: addressKey(report.address),
    location: { type: 'Point', coordinates: [location.longitude, location.latitude] },
    ...(live ? { liveClaimCode: report.claimCode } : {}),
    ...(claim ? { claimedBy: claim.memberId, claimedAt: claim.claimedAt } : {}),
    ...(bad ? { badReason: bad.reason, markedBadAt: bad.markedAt } : {}),
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
    ...(document.claimedBy && document.claimedAt ? { claim: { memberId: document.claimedBy, claimedAt: document.claimedAt } } : {}),
    ...(document.badReason && document.markedBadAt ? { bad: { reason: document.badReason, markedAt: document.markedBadAt } } : {}),
  };
}
