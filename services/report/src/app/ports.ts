import type { GeoPoint, Report, ReportAssociation } from '../domain/report.js';
import type { ReportEvent } from '../domain/report-events.js';

export type CreateOutcome = 'created' | 'idempotency-id-taken' | 'claim-code-taken';

export interface ReportRepository {
  /**
   * Stores a new report together with the events announcing it, atomically: both or neither.
   * Refuses (without storing anything) when the idempotency id, or the claim code among live reports, is taken.
   */
  create(report: Report, events: ReportEvent[]): Promise<CreateOutcome>;
  findById(reportId: string): Promise<Report | undefined>;
  findByIdempotencyId(idempotencyId: string): Promise<Report | undefined>;
  /** Live reports (active or claimed) with this address key (see `addressKey`) created at or after `since`. */
  findLiveAtAddressSince(addressKey: string, since: Date): Promise<Report[]>;
}

/** Who can be alerted about a swarm: the associations paying for alerts to members covering the point. */
export interface SwarmCoverage {
  /** Each association once; empty when nobody available covers the place. */
  associationsCovering(point: GeoPoint, heightFeet: number): Promise<ReportAssociation[]>;
}

export type EncodedImage = { bytes: Uint8Array; contentType: string; extension: string };

/** Turns an uploaded picture into what is stored: re-encoded (no EXIF, no GPS) and a small thumbnail. */
export interface ImageProcessor {
  /** Throws a ReportError 'REPORT.INVALID_IMAGE' when the bytes are not a picture it can decode. */
  process(upload: Uint8Array): Promise<{ image: EncodedImage; thumbnail: EncodedImage }>;
}

export type StoredImage = { name: string; contentType: string; bytes: Uint8Array; createdAt: Date };

/** Report pictures by generated name; served later only to alerted members. */
export interface ImageStore {
  /** Stores the picture under its name; saving the same name again replaces it. */
  save(image: StoredImage): Promise<void>;
  find(name: string): Promise<StoredImage | undefined>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

/** A uniform random integer in [0, bound), from a secure source: claim codes must not be guessable in order. */
export type RandomBelow = (bound: number) => number;
