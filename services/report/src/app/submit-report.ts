import { claimCodeFrom } from '../domain/claim-code.js';
import { addressKey, duplicateWindowStart, recentDuplicateOf } from '../domain/duplicate-report.js';
import { isSameSubmission, submissionAt, type Report, type ReportImage, type ReportSubmission } from '../domain/report.js';
import { checkReportForm, type ReportForm } from '../domain/report-form.js';
import { ReportError } from '../domain/report-error.js';
import { reportSubmitted } from '../domain/report-events.js';
import { reportUnserved } from '../domain/unserved-demand.js';
import { DEFAULT_REPORT_ACTIVE_HOURS, expiresAt } from '../domain/lifecycle.js';
import type {
  Clock,
  Geocoder,
  IdGenerator,
  ImageProcessor,
  ImageStore,
  ProcessedImage,
  RandomBelow,
  ReportRepository,
  ReportSettings,
  SwarmCoverage,
} from './ports.js';

export type SubmitReportInput = {
  /** The form's text fields as sent; every rule of the form is checked here. */
  form: ReportForm;
  /** The id of the suggestion the reporter picked, when the form sent one: it places the address exactly. */
  placeId?: string | undefined;
  /** Check the form and answer, changing nothing and asking no provider (AIP-163 `validate_only`). */
  validateOnly?: boolean;
  /** The reporter confirmed a second report at an address reported in the last 3 days. */
  confirmDuplicate: boolean;
  /** The uploaded picture as sent; absent or empty when none. */
  image?: Uint8Array | undefined;
};

/**
 * `duplicate`: nothing was stored because a live report at the address is less than 3 days old; `reportId` is
 * that report's id. A `validateOnly` call that passes answers an empty `reportId`.
 */
export type SubmitReportResult = { reportId: string; replayed: boolean; duplicate: boolean };

/** Random claim-code draws; collisions are rare while live reports are far fewer than 100 000. */
const RANDOM_CLAIM_CODE_DRAWS = 5;
/**
 * Then codes the repository found free (another submission may take one first): a bound, so a full code space, or
 * one that fills as fast as it is searched, ends in CLAIM_CODES_EXHAUSTED rather than an endless loop.
 */
const FREE_CLAIM_CODE_SEARCHES = 5;

export type SubmitReportPorts = {
  reports: ReportRepository;
  coverage: SwarmCoverage;
  geocoder: Geocoder;
  images: ImageStore;
  imageProcessor: ImageProcessor;
  clock: Clock;
  ids: IdGenerator;
  randomBelow: RandomBelow;
};

export class SubmitReport {
  constructor(
    private readonly ports: SubmitReportPorts,
    private readonly settings: ReportSettings = { reportActiveHours: DEFAULT_REPORT_ACTIVE_HOURS },
  ) {}

  /**
   * Checks the form (every broken rule at once), then places its address, then stores the report and announces
   * it. With `validateOnly` it stops after the form: nothing is stored and no provider is asked, so the gateway can
   * refuse a malformed report before it pays for a bot check. A picture that cannot be read is refused before any
   * outcome that depends on the address or on earlier reports is decided. A retry with the same idempotency id and
   * the same content replays the first outcome; the same id with other content is refused. A recent live report at
   * the same address is answered instead unless the reporter confirmed; a place no paying association's member
   * covers is refused. Only an accepted report stores a picture.
   */
  async execute(input: SubmitReportInput): Promise<SubmitReportResult> {
    const { reports, clock } = this.ports;
    const form = checkReportForm(input.form);
    if (input.validateOnly) return { reportId: '', replayed: false, duplicate: false };
    const submission = submissionAt(form, await this.ports.geocoder.resolve(form.address, input.placeId || undefined));
    // The picture is judged before anything that depends on the address or on earlier reports, so a picture that
    // cannot be read is refused the same way wherever it was taken; it is stored only once the report is accepted.
    const picture = input.image && input.image.length > 0 ? await this.ports.imageProcessor.process(input.image) : undefined;
    const previous = await reports.findByIdempotencyId(submission.idempotencyId);
    if (previous) return this.replay(previous, submission);

    const now = clock.now();
    if (!input.confirmDuplicate) {
      const candidates = await reports.findLiveAtAddressSince(addressKey(submission.address), duplicateWindowStart(now));
      const duplicate = recentDuplicateOf(submission.address, candidates, now);
      // The same submission stored by a concurrent retry a moment ago is a replay, not a duplicate.
      if (duplicate?.idempotencyId === submission.idempotencyId) return this.replay(duplicate, submission);
      if (duplicate) return { reportId: duplicate.reportId, replayed: false, duplicate: true };
    }

    // Computed once: the members (and the wider coverage) and associations travel with ReportSubmitted to alert dispatch.
    const coverage = await this.ports.coverage.coverageOf(submission.location, submission.elevationFeet);
    if (coverage.members.length === 0) {
      // The demand nobody could meet, for the associations' map: a coarse cell, the time and the size only.
      await reports.recordUnserved(reportUnserved(submission, now));
      throw new ReportError('REPORT.NO_COVERAGE', 'no available beekeeper of a participating association covers this place');
    }

    const image = picture ? await this.storeImage(picture, now) : undefined;
    for (let attempt = 0; attempt < RANDOM_CLAIM_CODE_DRAWS + FREE_CLAIM_CODE_SEARCHES; attempt += 1) {
      const reportId = this.ports.ids.newId();
      const drawn = claimCodeFrom(this.ports.randomBelow);
      // Random codes first (a code does not tell which report came before it); once they keep colliding, the code
      // space is nearly full, and the repository names a free code near the drawn one, or none when all are taken.
      const claimCode = attempt < RANDOM_CLAIM_CODE_DRAWS ? drawn : await reports.findFreeClaimCode(drawn);
      if (claimCode === undefined) break;
      const report: Report = {
        ...submission,
        reportId,
        state: 'active',
        claimCode,
        createdAt: now,
        activeSince: now,
        associations: coverage.associations,
        ...(image ? { image } : {}),
      };
      const submitted = reportSubmitted(report, this.ports.ids.newId(), coverage.members, {
        widerCoverage: coverage.wider ?? [],
        expiresAt: expiresAt(now, this.settings.reportActiveHours),
      });
      const outcome = await reports.create(report, [submitted]);
      if (outcome === 'created') return { reportId: report.reportId, replayed: false, duplicate: false };
      if (outcome === 'idempotency-id-taken') {
        // A concurrent retry won the race: replay its outcome.
        const winner = await reports.findByIdempotencyId(submission.idempotencyId);
        if (winner) return this.replay(winner, submission);
      }
      // 'claim-code-taken': try another code.
    }
    throw new ReportError('REPORT.CLAIM_CODES_EXHAUSTED', 'every claim code is held by a live report');
  }

  /**
   * Stores the re-encoded picture before the report that names it, so a stored report never points at a missing
   * picture; a picture whose report then loses a race (a concurrent retry, no free claim code) stays unreferenced. The
   * picture and its thumbnail are written side by side: the reporter waits for the slower of the two, not both.
   */
  private async storeImage({ image, thumbnail }: ProcessedImage, now: Date): Promise<ReportImage> {
    const baseName = this.ports.ids.newId();
    const names: ReportImage = { imageName: `${baseName}.${image.extension}`, thumbnailName: `${baseName}-thumb.${thumbnail.extension}` };
    await Promise.all([
      this.ports.images.save({ name: names.imageName, contentType: image.contentType, bytes: image.bytes, createdAt: now }),
      this.ports.images.save({ name: names.thumbnailName, contentType: thumbnail.contentType, bytes: thumbnail.bytes, createdAt: now }),
    ]);
    return names;
  }

  private replay(previous: Report, submission: ReportSubmission): SubmitReportResult {
    if (!isSameSubmission(previous, submission)) {
      throw new ReportError('REPORT.IDEMPOTENCY_KEY_REUSED', 'this idempotency id was already used for a different report');
    }
    return { reportId: previous.reportId, replayed: true, duplicate: false };
  }
}
