import type { Report } from '../domain/report.js';
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
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}

/** A uniform random integer in [0, bound), from a secure source: claim codes must not be guessable in order. */
export type RandomBelow = (bound: number) => number;
