import { claimCodeFrom } from '../domain/claim-code.js';
import { checkSubmission, isSameSubmission, type Report, type ReportSubmission, type UncheckedSubmission } from '../domain/report.js';
import { ReportError } from '../domain/report-error.js';
import { reportSubmitted } from '../domain/report-events.js';
import type { Clock, IdGenerator, RandomBelow, ReportRepository } from './ports.js';

export type SubmitReportResult = { reportId: string; replayed: boolean };

/** Claim-code draws before giving up; collisions are rare while live reports are far fewer than 100 000. */
const CLAIM_CODE_ATTEMPTS = 20;

export class SubmitReport {
  constructor(
    private readonly reports: ReportRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly randomBelow: RandomBelow,
  ) {}

  /**
   * Stores the report and announces it. A retry with the same idempotency id and the same content replays the
   * first outcome; the same id with other content is refused.
   */
  async execute(input: UncheckedSubmission): Promise<SubmitReportResult> {
    const submission = checkSubmission(input);
    for (let attempt = 0; attempt < CLAIM_CODE_ATTEMPTS; attempt += 1) {
      const previous = await this.reports.findByIdempotencyId(submission.idempotencyId);
      if (previous) return this.replay(previous, submission);
      const report: Report = {
        ...submission,
        reportId: this.ids.newId(),
        state: 'active',
        claimCode: claimCodeFrom(this.randomBelow),
        createdAt: this.clock.now(),
      };
      const outcome = await this.reports.create(report, [reportSubmitted(report, this.ids.newId())]);
      if (outcome === 'created') return { reportId: report.reportId, replayed: false };
      // 'idempotency-id-taken': a concurrent retry won the race; the next turn replays its outcome.
      // 'claim-code-taken': draw another code.
    }
    throw new ReportError('REPORT.CLAIM_CODES_EXHAUSTED', 'could not allocate a free claim code');
  }

  private replay(previous: Report, submission: ReportSubmission): SubmitReportResult {
    if (!isSameSubmission(previous, submission)) {
      throw new ReportError('REPORT.IDEMPOTENCY_KEY_REUSED', 'this idempotency id was already used for a different report');
    }
    return { reportId: previous.reportId, replayed: true };
  }
}
