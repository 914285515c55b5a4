import type { BadReason } from '../domain/claim.js';
import type { Coverage } from '../domain/coverage.js';
import type { MemberAlert } from '../domain/member-alert.js';
import type { LiveReportSeen, ReportTimerKind } from '../domain/lifecycle.js';
import type { ClaimOutcome, GeoPoint, Place, Report, ReportClaim } from '../domain/report.js';
import type {
  ClaimOutcomeRecorded,
  ReportClaimed,
  ReportClosed,
  ReportDeparted,
  ReportEvent,
  ReportExpired,
  ReportMarkedBad,
  ReportUnclaimed,
  ReporterDataErased,
  ReporterSaidGone,
} from '../domain/report-events.js';
import type { ReporterDataErasure } from '../domain/retention.js';
import type { ReportUnserved } from '../domain/unserved-demand.js';

export type CreateOutcome = 'created' | 'idempotency-id-taken' | 'claim-code-taken';

export interface ReportRepository {
  /**
   * Stores a new report together with the events announcing it, atomically: both or neither.
   * Refuses (without storing anything) when the idempotency id, or the claim code among live reports, is taken.
   * Live reports (see `isLive`): active, or claimed and not closed.
   */
  create(report: Report, events: ReportEvent[]): Promise<CreateOutcome>;
  /** Appends the event of a refused report to the outbox (nothing else is stored); once per event id. */
  recordUnserved(event: ReportUnserved): Promise<void>;
  findById(reportId: string): Promise<Report | undefined>;
  findByIdempotencyId(idempotencyId: string): Promise<Report | undefined>;
  /** Reports active or claimed with this address key (see `addressKey`) created at or after `since`. */
  findLiveAtAddressSince(addressKey: string, since: Date): Promise<Report[]>;
  /** The live report holding this claim code; live claim codes are distinct. */
  findLiveByClaimCode(claimCode: string): Promise<Report | undefined>;
  /**
   * The first claim code at or after `from` (wrapping past the last code to "00000") that no live report holds, or
   * undefined when live reports hold every code. Found through the live-code lookup, without reading every report.
   */
  findFreeClaimCode(from: string): Promise<string | undefined>;
  /** The reports with these ids that exist, in no particular order. */
  findByIds(reportIds: string[]): Promise<Report[]>;
  /** The reports in state claimed held by this member, closed or not. */
  findClaimedBy(memberId: string): Promise<Report[]>;
  /** The live reports made from this phone number (ten digits), in no particular order. */
  findLiveByReporterPhone(reporterPhone: string): Promise<Report[]>;
  /**
   * Live reports by claim code, the first `limit` after `afterClaimCode` (from the lowest without it): the pages of
   * every live report, read through the live-code lookup.
   */
  findLiveAfterClaimCode(afterClaimCode: string | undefined, limit: number): Promise<Report[]>;

  /**
   * The transitions. Each is one conditional change that applies only while the report is still as the
   * caller saw it, and stores its event with it (never one without the other): `true` when it applied, `false` when
   * the report had changed meanwhile (the caller re-reads and decides again). Of many concurrent claims of one
   * active report exactly one applies. A claim matches by its member and claim time.
   */
  /** active → claimed by `claim.memberId`. */
  claim(reportId: string, claim: ReportClaim, event: ReportClaimed): Promise<boolean>;
  /** claimed with `claim` → active since the event's `unclaimedAt`, without a claim. */
  unclaim(reportId: string, claim: ReportClaim, event: ReportUnclaimed): Promise<boolean>;
  /** claimed with `claim` → bad, keeping the claim; frees the claim code. */
  markBad(reportId: string, claim: ReportClaim, bad: { reason: BadReason; markedAt: Date }, event: ReportMarkedBad): Promise<boolean>;
  /** active since exactly `activeSince` → expired at `expiredAt`; frees the claim code. */
  expire(reportId: string, activeSince: Date, expiredAt: Date, event: ReportExpired): Promise<boolean>;
  /** claimed with `claim` and not closed → closed at `closedAt`, still claimed; frees the claim code. */
  close(reportId: string, claim: ReportClaim, closedAt: Date, event: ReportClosed): Promise<boolean>;
  /** live as `seen` → departed at `departedAt`, keeping any claim; frees the claim code. */
  depart(reportId: string, seen: LiveReportSeen, departedAt: Date, event: ReportDeparted): Promise<boolean>;
  /**
   * claimed with `claim`, not closed, with no outcome and no earlier GONE → the claim notes that the reporter said the
   * swarm has gone at `saidAt`; the state does not change and the claim code stays held.
   */
  noteReporterSaidGone(reportId: string, claim: ReportClaim, saidAt: Date, event: ReporterSaidGone): Promise<boolean>;
  /** claimed (or departed) with `claim` → the claim's outcome is `outcome`; the state does not change. */
  recordOutcome(reportId: string, claim: ReportClaim, outcome: ClaimOutcome, event: ClaimOutcomeRecorded): Promise<boolean>;

  /**
   * Reports that ended (see `Report.endedAt`, which the transitions that end a report set the first time) at or before
   * `cutoff` and still keep their reporter's data, oldest end first, at most `limit`. Found through an index of the
   * reports awaiting erasure only, so erased reports cost nothing.
   */
  findEndedAwaitingErasure(cutoff: Date, limit: number): Promise<Report[]>;
  /**
   * ended and not yet erased → the reporter's name, phone and note are emptied, the address becomes the town and the
   * place the town-level one of `erasure`, the pictures' names are dropped and `reporterDataErasedAt` is set; the
   * event is stored with it. False when the report is not ended or was erased already.
   */
  eraseReporterData(reportId: string, erasure: ReporterDataErasure, event: ReporterDataErased): Promise<boolean>;

  /** Remembers an alert; the first record per (report, member) is kept and later ones are ignored. */
  recordAlert(alert: MemberAlert): Promise<void>;
  findAlert(reportId: string, memberId: string): Promise<MemberAlert | undefined>;
  findAlertsForMember(memberId: string): Promise<MemberAlert[]>;
}

/** Who can be alerted about a swarm: the members covering the point, each with the paying association alerting them. */
export interface SwarmCoverage {
  /** No members when nobody available covers the place through a paying association. */
  coverageOf(point: GeoPoint, heightFeet: number): Promise<Coverage>;
}

/** Places the address a reporter picked from the suggestions (a paid call with a provider like Google). */
export interface Geocoder {
  /**
   * Undefined when the address is not one the geocoder can place. Throws an error with code 'GEOCODER.UNAVAILABLE'
   * when the provider cannot be asked (a temporary failure, not a bad address).
   */
  resolve(address: string, placeId?: string): Promise<Place | undefined>;
}

export type EncodedImage = { bytes: Uint8Array; contentType: string; extension: string };

/** An upload as it is stored: the picture re-encoded and its thumbnail. */
export type ProcessedImage = { image: EncodedImage; thumbnail: EncodedImage };

/** Turns an uploaded picture into what is stored: re-encoded (no EXIF, no GPS) and a small thumbnail. */
export interface ImageProcessor {
  /**
   * Throws a ReportError 'REPORT.IMAGE_TOO_LARGE' for a picture over MAX_IMAGE_PIXELS, known from its header before
   * it is decoded, and 'REPORT.INVALID_IMAGE' when the bytes are not a picture it can decode.
   */
  process(upload: Uint8Array): Promise<ProcessedImage>;
}

export type StoredImage = { name: string; contentType: string; bytes: Uint8Array; createdAt: Date };

/** Report pictures by generated name; served later only to alerted members. */
export interface ImageStore {
  /** Stores the picture under its name; saving the same name again replaces it. */
  save(image: StoredImage): Promise<void>;
  find(name: string): Promise<StoredImage | undefined>;
  /** Removes the picture for good; nothing happens when none has this name, so a repeated removal is harmless. */
  remove(name: string): Promise<void>;
}

/**
 * A report's lifecycle timer as it is armed: its expiry or its claim's close, at the time the report's state gave it.
 * Arming the same kind, report and time again is the same timer.
 */
export type ReportTimer = { kind: ReportTimerKind; reportId: string; at: Date };

/** What a timer's run decided: done, or run again at `at` (its moment had not come on this machine's clock). */
export type ReportTimerOutcome = { kind: 'done' } | { kind: 'reschedule'; at: Date };

/** A thrown error means "try again later, with backoff". */
export type ReportTimerHandler = (timer: ReportTimer) => Promise<ReportTimerOutcome>;

/**
 * Delayed jobs of the reports' lifecycle (BullMQ in Redis in the distributed mode, timers in this process otherwise).
 * A timer that is no longer the report's when it runs is harmless: its run decides on the report as it is then.
 */
export interface ReportLifecycleScheduler {
  /** Arms the timer; one armed already (pending or running) is left as it is, one that ran or gave up runs again. */
  schedule(timer: ReportTimer): Promise<void>;
  /** Drops the report's pending timers but `keep`; answers how many were dropped. A running one finishes. */
  cancelForReport(reportId: string, keep?: ReportTimer): Promise<number>;
  /** Timers not yet run, soonest first. */
  pending(): Promise<ReportTimer[]>;
  /** Starts running due timers with the handler; failing runs are tried again with backoff. */
  start(handler: ReportTimerHandler): Promise<void>;
  close(): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

/** A uniform random integer in [0, bound), from a secure source: claim codes must not be guessable in order. */
export type RandomBelow = (bound: number) => number;

/** The report service's settings the use cases read (REPORT_ACTIVE_HOURS). */
export type ReportSettings = {
  /** How long a report stays active when nobody claims it, from its submission or its last un-claim. */
  reportActiveHours: number;
};

/** How long an ended report keeps its reporter's data (REPORTER_DATA_DAYS, in days; fractions are taken). */
export type RetentionSettings = {
  reporterDataDays: number;
};
