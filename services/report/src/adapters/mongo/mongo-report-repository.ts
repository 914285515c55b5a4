import type { Collection, Db, Filter, UpdateFilter } from 'mongodb';
import { DEFAULT_LANGUAGE, type LanguageLabel } from '@swarm/proto/labels';
import { isDuplicateKeyError, NOTHING_PARKED, parkEvent, ParkedEvents, type ParkedEvent } from '@swarm/runtime/mongo';
import type { MongoOutbox } from '@swarm/runtime/mongo';
import type { CreateOutcome, ReportRepository } from '../../app/ports.js';
import type { BadReason } from '../../domain/claim.js';
import { CLAIM_CODE_COUNT, claimCodeOf } from '../../domain/claim-code.js';
import { addressKey } from '../../domain/duplicate-report.js';
import { isLive, type LiveReportSeen } from '../../domain/lifecycle.js';
import type { MemberAlert } from '../../domain/member-alert.js';
import type { ReporterDataErasure } from '../../domain/retention.js';
import type { ClaimOutcome, GeoPoint, Report, ReportAssociation, ReportClaim, ReportImage, ReportState, SwarmSize } from '../../domain/report.js';
import type {
  ClaimOutcomeRecorded,
  ReportClaimed,
  ReportClosed,
  ReportDeparted,
  ReporterDataErased,
  ReporterSaidGone,
  ReportEvent,
  ReportExpired,
  ReportMarkedBad,
  ReportUnclaimed,
} from '../../domain/report-events.js';
import { toOutboxMessage, unservedOutboxMessage } from '../events/report-event-codec.js';
import type { ReportUnserved } from '../../domain/unserved-demand.js';

type ReportDocument = {
  _id: string;
  idempotencyId: string;
  state: ReportState;
  claimCode: string;
  /**
   * Set only while the report is live (active, or claimed and not closed): the unique index keeps live claim codes
   * distinct, and the live reports of a reporter's number are found by it.
   */
  liveClaimCode?: string;
  reporterName: string;
  reporterPhone: string;
  /** Absent on reports stored before the reporter could ask for texts: false. */
  reporterUpdates?: boolean;
  /** Absent on reports stored before the site spoke more than English: 'en'. */
  reporterLanguage?: LanguageLabel;
  size: SwarmSize;
  elevationFeet: number;
  address: string;
  /** `addressKey(address)`, indexed for the duplicate check. */
  addressKey: string;
  /** GeoJSON, the shape MongoDB's geospatial indexes and queries read. */
  location: { type: 'Point'; coordinates: [longitude: number, latitude: number] };
  internalNote: string;
  createdAt: Date;
  /** Absent on reports stored before reports expired: their creation. */
  activeSince?: Date;
  associations: ReportAssociation[];
  image?: ReportImage;
  claimedBy?: string;
  claimedAt?: Date;
  closedAt?: Date;
  outcome?: ClaimOutcome;
  reporterSaidGoneAt?: Date;
  badReason?: BadReason;
  markedBadAt?: Date;
  expiredAt?: Date;
  departedAt?: Date;
  endedAt?: Date;
  reporterDataErasedAt?: Date;
  /** `endedAt` while the reporter's data is kept: the partial index the erasure sweep reads holds these reports only. */
  awaitingErasureSince?: Date;
  /**
   * The events of the last write (the creation or a claim transition) until they are safely in the outbox: written by
   * the same single-document insert or conditional update as the state change, so a change and its events are stored
   * together or not at all (see `ParkedEvents`).
   */
  pendingEvents?: ParkedEvent[];
};

/** One per (report, member): the `_id` is the pair, so recording the same alert twice keeps the first. */
/** A one-time change of the stored reports, noted once done so that later starts skip it. */
type BackfillDocument = { _id: string; doneAt: Date };

/** Every ended report records when it ended (`endedAt`), the erasure sweep's clock. */
const ENDED_AT_BACKFILL = 'ended-at';

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

export class MongoReportRepository implements ReportRepository {
  private readonly collection: Collection<ReportDocument>;
  private readonly alerts: Collection<AlertDocument>;
  private readonly backfills: Collection<BackfillDocument>;
  private readonly parked: ParkedEvents<ReportDocument>;

  constructor(
    db: Db,
    private readonly outbox: MongoOutbox,
    private readonly onEventsStored: () => void = () => undefined,
  ) {
    this.collection = db.collection<ReportDocument>('reports');
    this.alerts = db.collection<AlertDocument>('report_alerts');
    this.backfills = db.collection<BackfillDocument>('report_backfills');
    this.parked = new ParkedEvents(this.collection, outbox);
  }

  async recordUnserved(event: ReportUnserved): Promise<void> {
    await this.outbox.appendIfAbsent([unservedOutboxMessage(event)]);
    this.onEventsStored();
  }

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ idempotencyId: 1 }, { unique: true, name: 'idempotencyId_unique' });
    await this.collection.createIndex(
      { liveClaimCode: 1 },
      { unique: true, name: 'liveClaimCode_unique', partialFilterExpression: { liveClaimCode: { $exists: true } } },
    );
    await this.collection.createIndex({ addressKey: 1, createdAt: -1 }, { name: 'addressKey_createdAt' });
    await this.collection.createIndex({ claimedBy: 1, state: 1 }, { name: 'claimedBy_state' });
    await this.collection.createIndex(
      { reporterPhone: 1 },
      { name: 'reporterPhone_live', partialFilterExpression: { liveClaimCode: { $exists: true } } },
    );
    await this.collection.createIndex(
      { awaitingErasureSince: 1 },
      { name: 'awaitingErasureSince', partialFilterExpression: { awaitingErasureSince: { $exists: true } } },
    );
    await this.recordEndsOfEarlierReports();
    await this.parked.ensureIndexes();
    await this.alerts.createIndex({ memberId: 1 }, { name: 'memberId' });
    await this.outbox.ensureIndexes();
  }

  /**
   * Reports that ended before their end was recorded get it now, the first of the times they kept, so their reporter's
   * data is erased in its turn. A scan of the whole collection, so once per database: a note in `report_backfills`
   * says it was done, and later starts read that note alone.
   */
  private async recordEndsOfEarlierReports(): Promise<void> {
    if (await this.backfills.findOne({ _id: ENDED_AT_BACKFILL })) return;
    const ended = this.collection.find({
      endedAt: { $exists: false },
      $or: [{ expiredAt: { $exists: true } }, { closedAt: { $exists: true } }, { departedAt: { $exists: true } }, { markedBadAt: { $exists: true } }],
    });
    for await (const document of ended) {
      const ends = [document.expiredAt, document.closedAt, document.departedAt, document.markedBadAt].filter((at): at is Date => at !== undefined);
      const endedAt = new Date(Math.min(...ends.map((at) => at.getTime())));
      await this.collection.updateOne(
        { _id: document._id, endedAt: { $exists: false } },
        { $set: { endedAt, ...(document.reporterDataErasedAt ? {} : { awaitingErasureSince: endedAt }) } },
      );
    }
    await this.backfills.updateOne({ _id: ENDED_AT_BACKFILL }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  }

  /**
   * One insert stores the report with its events parked on it; they then move to the outbox like a transition's.
   * Not a transaction: the MongoDB-compatible test server loses writes of transactions that run concurrently, even on
   * different documents (concurrent submissions lost reports answered 201), and a single-document insert is atomic on
   * every server.
   */
  async create(report: Report, events: ReportEvent[]): Promise<CreateOutcome> {
    const parked = events.map((event) => parkEvent(toOutboxMessage(event)));
    try {
      await this.collection.insertOne({ ...toDocument(report), ...(parked.length > 0 ? { pendingEvents: parked } : {}) });
    } catch (error) {
      if (isDuplicateKeyError(error)) {
        return /liveClaimCode/.test(error.message) ? 'claim-code-taken' : 'idempotency-id-taken';
      }
      throw error;
    }
    await this.eventsStored(report.reportId, parked);
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

  /**
   * Walks the live codes upward in the unique index from `from` (then from "00000" up to `from`) and answers the first
   * gap: it reads as many index entries as there are taken codes in a row, never the reports themselves.
   */
  async findFreeClaimCode(from: string): Promise<string | undefined> {
    const start = Number(from);
    for (const [first, end] of [
      [start, CLAIM_CODE_COUNT],
      [0, start],
    ] as const) {
      if (first >= end) continue;
      const range = end === CLAIM_CODE_COUNT ? { $gte: claimCodeOf(first) } : { $gte: claimCodeOf(first), $lt: claimCodeOf(end) };
      const taken = this.collection.find({ liveClaimCode: range }, { projection: { _id: 0, liveClaimCode: 1 } }).sort({ liveClaimCode: 1 });
      let candidate = first;
      for await (const document of taken) {
        const code = Number(document.liveClaimCode);
        if (code > candidate) {
          await taken.close();
          return claimCodeOf(candidate);
        }
        candidate = code + 1;
      }
      if (candidate < end) return claimCodeOf(candidate);
    }
    return undefined;
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

  /** Through the partial index of live reports by number: its filter is part of the query, so the index serves it. */
  async findLiveByReporterPhone(reporterPhone: string): Promise<Report[]> {
    const documents = await this.collection.find({ reporterPhone, liveClaimCode: { $exists: true } }).toArray();
    return documents.map(fromDocument);
  }

  /** Along the unique index of live claim codes, which holds the live reports only. */
  async findLiveAfterClaimCode(afterClaimCode: string | undefined, limit: number): Promise<Report[]> {
    const filter = afterClaimCode === undefined ? { liveClaimCode: { $exists: true } } : { liveClaimCode: { $gt: afterClaimCode } };
    const documents = await this.collection.find(filter).sort({ liveClaimCode: 1 }).limit(limit).toArray();
    return documents.map(fromDocument);
  }

  async claim(reportId: string, claim: ReportClaim, event: ReportClaimed): Promise<boolean> {
    return this.transition(reportId, { state: 'active' }, { $set: { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt } }, event);
  }

  async unclaim(reportId: string, claim: ReportClaim, event: ReportUnclaimed): Promise<boolean> {
    return this.transition(
      reportId,
      { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt },
      {
        $set: { state: 'active', activeSince: event.unclaimedAt },
        $unset: { claimedBy: '', claimedAt: '', closedAt: '', outcome: '', reporterSaidGoneAt: '', endedAt: '', awaitingErasureSince: '' },
      },
      event,
    );
  }

  /** A closed claim may still be marked bad: it ended already, and keeps its first end. An erased report may not. */
  async markBad(reportId: string, claim: ReportClaim, bad: { reason: BadReason; markedAt: Date }, event: ReportMarkedBad): Promise<boolean> {
    const held = { state: 'claimed' as const, claimedBy: claim.memberId, claimedAt: claim.claimedAt, reporterDataErasedAt: { $exists: false } };
    const change = { $set: { state: 'bad' as const, badReason: bad.reason, markedBadAt: bad.markedAt }, $unset: { liveClaimCode: '' as const } };
    if (await this.transition(reportId, { ...held, endedAt: { $exists: false } }, { ...change, $set: { ...change.$set, ...endsAt(bad.markedAt) } }, event)) return true;
    return this.transition(reportId, { ...held, endedAt: { $exists: true } }, change, event);
  }

  async expire(reportId: string, activeSince: Date, expiredAt: Date, event: ReportExpired): Promise<boolean> {
    return this.transition(
      reportId,
      { state: 'active', ...activeSinceIs(activeSince) },
      { $set: { state: 'expired', expiredAt, ...endsAt(expiredAt) }, $unset: { liveClaimCode: '' } },
      event,
    );
  }

  async close(reportId: string, claim: ReportClaim, closedAt: Date, event: ReportClosed): Promise<boolean> {
    return this.transition(
      reportId,
      { state: 'claimed', claimedBy: claim.memberId, claimedAt: claim.claimedAt, closedAt: { $exists: false } },
      { $set: { closedAt, ...endsAt(closedAt) }, $unset: { liveClaimCode: '' } },
      event,
    );
  }

  async depart(reportId: string, seen: LiveReportSeen, departedAt: Date, event: ReportDeparted): Promise<boolean> {
    const expected: Filter<ReportDocument> =
      seen.state === 'active'
        ? { state: 'active', ...activeSinceIs(seen.activeSince) }
        : { state: 'claimed', claimedBy: seen.claim.memberId, claimedAt: seen.claim.claimedAt, closedAt: { $exists: false } };
    return this.transition(reportId, expected, { $set: { state: 'departed', departedAt, ...endsAt(departedAt) }, $unset: { liveClaimCode: '' } }, event);
  }

  async noteReporterSaidGone(reportId: string, claim: ReportClaim, saidAt: Date, event: ReporterSaidGone): Promise<boolean> {
    return this.transition(
      reportId,
      {
        state: 'claimed',
        claimedBy: claim.memberId,
        claimedAt: claim.claimedAt,
        closedAt: { $exists: false },
        outcome: { $exists: false },
        reporterSaidGoneAt: { $exists: false },
      },
      { $set: { reporterSaidGoneAt: saidAt } },
      event,
    );
  }

  async recordOutcome(reportId: string, claim: ReportClaim, outcome: ClaimOutcome, event: ClaimOutcomeRecorded): Promise<boolean> {
    return this.transition(
      reportId,
      { state: { $in: ['claimed', 'departed'] }, claimedBy: claim.memberId, claimedAt: claim.claimedAt },
      { $set: { outcome } },
      event,
    );
  }

  /** Through the partial index of ended reports awaiting erasure: erased ones are not in it. */
  async findEndedAwaitingErasure(cutoff: Date, limit: number): Promise<Report[]> {
    const documents = await this.collection.find({ awaitingErasureSince: { $lte: cutoff } }).sort({ awaitingErasureSince: 1 }).limit(limit).toArray();
    return documents.map(fromDocument);
  }

  async eraseReporterData(reportId: string, erasure: ReporterDataErasure, event: ReporterDataErased): Promise<boolean> {
    return this.transition(
      reportId,
      { endedAt: { $exists: true }, reporterDataErasedAt: { $exists: false } },
      {
        $set: {
          reporterName: '',
          reporterPhone: '',
          internalNote: '',
          address: erasure.address,
          addressKey: addressKey(erasure.address),
          location: geoJsonOf(erasure.location),
          reporterDataErasedAt: erasure.erasedAt,
        },
        $unset: { image: '', awaitingErasureSince: '' },
      },
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

  /** Moves events a crash left parked on reports to the outbox; the relay runs it before each read of the outbox. */
  recover(): Promise<void> {
    return this.parked.recover();
  }

  /** A transition never overwrites parked events: it requires none, and moves those it finds before trying again. */
  private async transition(
    reportId: string,
    expected: Filter<ReportDocument>,
    change: { $set: Partial<ReportDocument>; $unset?: UpdateFilter<ReportDocument>['$unset'] },
    event: ReportEvent,
  ): Promise<boolean> {
    const parked = [parkEvent(toOutboxMessage(event))];
    for (let attempt = 0; attempt < TRANSITION_ATTEMPTS; attempt += 1) {
      const result = await this.collection.updateOne(
        { _id: reportId, ...expected, ...NOTHING_PARKED },
        { $set: { ...change.$set, pendingEvents: parked }, ...(change.$unset ? { $unset: change.$unset } : {}) },
      );
      if (result.modifiedCount === 1) {
        await this.eventsStored(reportId, parked);
        return true;
      }
      const current = await this.collection.findOne({ _id: reportId });
      const leftOver = current?.pendingEvents ?? [];
      if (leftOver.length === 0) return false;
      await this.parked.move(reportId, leftOver);
    }
    return false;
  }

  private async eventsStored(reportId: string, parked: ParkedEvent[]): Promise<void> {
    if (parked.length === 0) return;
    await this.parked.moveSoon(reportId, parked);
    this.onEventsStored();
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

/**
 * Matches a report active since exactly this time; a report stored before reports expired has no `activeSince` and
 * is active since its creation.
 */
function activeSinceIs(activeSince: Date): Filter<ReportDocument> {
  return { $or: [{ activeSince }, { activeSince: { $exists: false }, createdAt: activeSince }] };
}

/** The end of a report, set by the transition that ends it, and its place in the erasure sweep's index. */
function endsAt(at: Date): Pick<ReportDocument, 'endedAt' | 'awaitingErasureSince'> {
  return { endedAt: at, awaitingErasureSince: at };
}

function geoJsonOf(location: GeoPoint): ReportDocument['location'] {
  return { type: 'Point', coordinates: [location.longitude, location.latitude] };
}

function toDocument(report: Report): ReportDocument {
  const { reportId, location, claim, bad, ...fields } = report;
  return {
    _id: reportId,
    ...fields,
    addressKey: addressKey(report.address),
    location: geoJsonOf(location),
    ...(report.endedAt && !report.reporterDataErasedAt ? { awaitingErasureSince: report.endedAt } : {}),
    ...(isLive(report) ? { liveClaimCode: report.claimCode } : {}),
    ...(claim
      ? {
          claimedBy: claim.memberId,
          claimedAt: claim.claimedAt,
          ...(claim.closedAt ? { closedAt: claim.closedAt } : {}),
          ...(claim.outcome ? { outcome: claim.outcome } : {}),
          ...(claim.reporterSaidGoneAt ? { reporterSaidGoneAt: claim.reporterSaidGoneAt } : {}),
        }
      : {}),
    ...(bad ? { badReason: bad.reason, markedBadAt: bad.markedAt } : {}),
  };
}

function claimOf(document: ReportDocument): ReportClaim | undefined {
  if (!document.claimedBy || !document.claimedAt) return undefined;
  return {
    memberId: document.claimedBy,
    claimedAt: document.claimedAt,
    ...(document.closedAt ? { closedAt: document.closedAt } : {}),
    ...(document.outcome ? { outcome: document.outcome } : {}),
    ...(document.reporterSaidGoneAt ? { reporterSaidGoneAt: document.reporterSaidGoneAt } : {}),
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
    reporterUpdates: document.reporterUpdates ?? false,
    reporterLanguage: document.reporterLanguage ?? DEFAULT_LANGUAGE,
    createdAt: document.createdAt,
    activeSince: document.activeSince ?? document.createdAt,
    associations: document.associations.map(({ companyId, name, donationUrl }) => ({ companyId, name, donationUrl })),
    ...(document.image ? { image: { imageName: document.image.imageName, thumbnailName: document.image.thumbnailName } } : {}),
    ...(claimOf(document) ? { claim: claimOf(document)! } : {}),
    ...(document.badReason && document.markedBadAt ? { bad: { reason: document.badReason, markedAt: document.markedBadAt } } : {}),
    ...(document.expiredAt ? { expiredAt: document.expiredAt } : {}),
    ...(document.departedAt ? { departedAt: document.departedAt } : {}),
    ...(document.endedAt ? { endedAt: document.endedAt } : {}),
    ...(document.reporterDataErasedAt ? { reporterDataErasedAt: document.reporterDataErasedAt } : {}),
  };
}
