import { timestampDate } from '@bufbuild/protobuf/wkt';
import { SwarmSize } from '@swarm/proto/report/v1/report';
import { Language } from '@swarm/proto/common/v1/language';
import { MemoryOutbox, ReportSubmittedEvent, ReportUnservedEvent } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryImageStore } from '../adapters/memory/memory-image-store.js';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import type { Coverage, CoveringMember } from '../domain/coverage.js';
import { CLAIM_CODE_COUNT, claimCodeOf } from '../domain/claim-code.js';
import { ReportError } from '../domain/report-error.js';
import { aReport } from '../adapters/report-repository.contract.js';
import type { GeoPoint, ReportAssociation } from '../domain/report.js';
import type { ReportForm } from '../domain/report-form.js';
import type { Geocoder, ImageProcessor, StoredImage, SwarmCoverage } from './ports.js';
import { SubmitReport, type SubmitReportInput } from './submit-report.js';

const PORTLAND: GeoPoint = { latitude: 45.5152, longitude: -122.6784 };
const BEEKEEPERS: ReportAssociation = { companyId: 'c-1', name: 'Portland Beekeepers', donationUrl: 'https://example.org/donate' };

const form: ReportForm = {
  idempotencyId: 'idem-1',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Very Large',
  elevation: '20',
  address: '1 Apiary Lane, Portland, OR, USA',
  recaptchaToken: 'token',
  internalNote: '',
};

const NEAR_MEMBER: CoveringMember = { memberId: 'm-1', distanceMiles: 1.5, companyId: 'c-1', companyName: 'Portland Beekeepers' };

/** The submission of `form`, with some of its fields or of the call's options changed. */
function submissionWith(changes: Partial<ReportForm> & Partial<Omit<SubmitReportInput, 'form'>> = {}): SubmitReportInput {
  const { confirmDuplicate = false, image, placeId, validateOnly, ...fields } = changes;
  return { form: { ...form, ...fields }, confirmDuplicate, image, placeId, ...(validateOnly === undefined ? {} : { validateOnly }) };
}

const UNPLACEABLE = 'Somewhere nobody can find';

/** Places every address in Portland under its own text, except UNPLACEABLE; remembers what it was asked. */
class PortlandGeocoder implements Geocoder {
  readonly questions: { address: string; placeId: string | undefined }[] = [];
  unavailable = false;
  async resolve(address: string, placeId?: string) {
    this.questions.push({ address, placeId });
    if (this.unavailable) throw Object.assign(new Error('provider down'), { code: 'GEOCODER.UNAVAILABLE' });
    return address === UNPLACEABLE ? undefined : { formattedAddress: address, ...PORTLAND };
  }
}

/** Covers every place with the members and associations given, and remembers what it was asked. */
class FixedCoverage implements SwarmCoverage {
  readonly questions: { point: GeoPoint; heightFeet: number }[] = [];
  constructor(
    public members: CoveringMember[],
    public associations: ReportAssociation[],
  ) {}
  wider: CoveringMember[] = [];
  async coverageOf(point: GeoPoint, heightFeet: number): Promise<Coverage> {
    this.questions.push({ point, heightFeet });
    return { members: this.members, associations: this.associations, wider: this.wider };
  }
}

/** The in-memory image store, remembering the names saved. */
class RecordingImageStore extends MemoryImageStore {
  readonly saved: string[] = [];
  override async save(image: StoredImage): Promise<void> {
    this.saved.push(image.name);
    await super.save(image);
  }
}

/** Stands in for the image codec: "decodes" bytes starting with 0xff and returns them tagged; 0xfe is too large. */
const fakeProcessor: ImageProcessor = {
  async process(upload) {
    if (upload[0] === 0xfe) throw new ReportError('REPORT.IMAGE_TOO_LARGE', 'too many pixels');
    if (upload[0] !== 0xff) throw new ReportError('REPORT.INVALID_IMAGE', 'not a picture');
    return {
      image: { bytes: Uint8Array.from([...upload, 1]), contentType: 'image/jpeg', extension: 'jpg' },
      thumbnail: { bytes: Uint8Array.from([2]), contentType: 'image/jpeg', extension: 'jpg' },
    };
  },
};

describe('SubmitReport', () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let images: RecordingImageStore;
  let coverage: FixedCoverage;
  let geocoder: PortlandGeocoder;
  let nextId: number;
  let codes: number[];
  let nextCode: number;
  let now: Date;
  let submitReport: SubmitReport;

  beforeEach(() => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    images = new RecordingImageStore();
    coverage = new FixedCoverage([NEAR_MEMBER], [BEEKEEPERS]);
    geocoder = new PortlandGeocoder();
    nextId = 0;
    codes = [];
    nextCode = 6;
    now = new Date('2026-06-01T12:00:00Z');
    submitReport = new SubmitReport({
      reports,
      coverage,
      geocoder,
      images,
      imageProcessor: fakeProcessor,
      clock: { now: () => now },
      ids: { newId: () => `id-${(nextId += 1)}` },
      randomBelow: () => codes.shift() ?? (nextCode += 1),
    });
  });

  it('stores an active report with a five-digit claim code, its place and associations, and announces it with what alerting needs', async () => {
    const result = await submitReport.execute(submissionWith());
    expect(result).toMatchObject({ replayed: false, duplicate: false });
    const stored = await reports.findById(result.reportId);
    expect(stored).toMatchObject({
      state: 'active',
      claimCode: '00007',
      size: 'Very Large',
      location: PORTLAND,
      associations: [BEEKEEPERS],
      createdAt: new Date('2026-06-01T12:00:00Z'),
    });
    const [message] = await outbox.pending(10);
    expect(message?.type).toBe('report.submitted');
    expect(ReportSubmittedEvent.decode(message!)).toMatchObject({
      reportId: result.reportId,
      claimCode: '00007',
      size: SwarmSize.VERY_LARGE,
      elevationFeet: 20,
      location: PORTLAND,
      coverage: [NEAR_MEMBER],
    });
  });

  it('stores when the report became active and that the reporter asked for no texts, and announces when it expires', async () => {
    const result = await submitReport.execute(submissionWith());
    expect(await reports.findById(result.reportId)).toMatchObject({ activeSince: now, reporterUpdates: false });
    const event = ReportSubmittedEvent.decode((await outbox.pending(10))[0]!);
    expect(timestampDate(event.expiresAt!)).toEqual(new Date('2026-06-04T12:00:00Z'));
    expect(event).toMatchObject({ reporterUpdates: false, reporterPhone: '', widerCoverage: [] });
  });

  it("stores the reporter's language and announces it, English when the form did not say", async () => {
    const spanish = await submitReport.execute(submissionWith({ reporterLanguage: 'es', idempotencyId: 'spanish-1', address: '2 Panal St' }));
    const english = await submitReport.execute(submissionWith({ idempotencyId: 'english-1', address: '3 Colmena Ave' }));
    expect((await reports.findById(spanish.reportId))?.reporterLanguage).toBe('es');
    expect((await reports.findById(english.reportId))?.reporterLanguage).toBe('en');
    const events = (await outbox.pending(10)).map((message) => ReportSubmittedEvent.decode(message));
    expect(events.map((event) => event.reporterLanguage)).toEqual([Language.SPANISH, Language.ENGLISH]);
  });

  it("announces the reporter's number only with their consent, the wider coverage, and the expiry REPORT_ACTIVE_HOURS on", async () => {
    const farMember: CoveringMember = { memberId: 'm-far', distanceMiles: 12, companyId: 'c-2', companyName: 'Hive Helpers' };
    coverage.wider = [farMember];
    const submit = new SubmitReport(
      {
        reports,
        coverage,
        geocoder,
        images,
        imageProcessor: fakeProcessor,
        clock: { now: () => now },
        ids: { newId: () => `id-${(nextId += 1)}` },
        randomBelow: () => (nextCode += 1),
      },
      { reportActiveHours: 24 },
    );
    const result = await submit.execute(submissionWith({ reporterUpdates: 'true' }));
    expect((await reports.findById(result.reportId))?.reporterUpdates).toBe(true);
    const event = ReportSubmittedEvent.decode((await outbox.pending(10))[0]!);
    expect(event).toMatchObject({ reporterUpdates: true, reporterPhone: '5551234567', coverage: [NEAR_MEMBER], widerCoverage: [farMember] });
    expect(timestampDate(event.expiresAt!)).toEqual(new Date('2026-06-02T12:00:00Z'));
  });

  it('refuses a place only extra miles reach: the wider coverage alone is no coverage', async () => {
    coverage.members = [];
    coverage.wider = [NEAR_MEMBER];
    await expect(submitReport.execute(submissionWith())).rejects.toMatchObject({ code: 'REPORT.NO_COVERAGE' });
  });

  it('refuses a retry under the same idempotency id with the other answer to the texts checkbox', async () => {
    await submitReport.execute(submissionWith());
    await expect(submitReport.execute(submissionWith({ reporterUpdates: 'true' }))).rejects.toMatchObject({ code: 'REPORT.IDEMPOTENCY_KEY_REUSED' });
  });

  it('asks who covers the resolved place at the swarm height', async () => {
    await submitReport.execute(submissionWith());
    expect(coverage.questions).toEqual([{ point: PORTLAND, heightFeet: 20 }]);
  });

  it('refuses a place nobody covers, stores no report and announces only the unserved demand: a cell, the time and the size', async () => {
    coverage.members = [];
    await expect(submitReport.execute(submissionWith())).rejects.toMatchObject({ code: 'REPORT.NO_COVERAGE' });
    expect(await reports.findByIdempotencyId(form.idempotencyId)).toBeUndefined();
    const messages = await outbox.pending(10);
    expect(messages.map((message) => message.type)).toEqual([ReportUnservedEvent.type]);
    const event = ReportUnservedEvent.decode(messages[0]!);
    // The resolution-7 cell of the Portland place, not the place.
    expect(event).toMatchObject({ h3Cell: '8728f0023ffffff', size: SwarmSize.VERY_LARGE });
    expect(event.refusedAt && timestampDate(event.refusedAt)).toEqual(now);
    const payload = Buffer.from(messages[0]!.payload).toString('latin1');
    for (const personal of [form.reporterName, form.reporterPhone, 'Apiary', String(PORTLAND.latitude)]) expect(payload).not.toContain(personal);
  });

  it('announces a refused submission retried under the same idempotency id once', async () => {
    coverage.members = [];
    await expect(submitReport.execute(submissionWith())).rejects.toMatchObject({ code: 'REPORT.NO_COVERAGE' });
    await outbox.markPublished((await outbox.pending(10)).map((message) => message.id));
    await expect(submitReport.execute(submissionWith())).rejects.toMatchObject({ code: 'REPORT.NO_COVERAGE' });
    expect(await outbox.pending(10)).toEqual([]);
  });

  it('refuses an address the geocoder cannot place, before coverage is asked', async () => {
    await expect(submitReport.execute(submissionWith({ address: UNPLACEABLE }))).rejects.toMatchObject({ code: 'REPORT.ADDRESS_UNRESOLVED' });
    expect(coverage.questions).toEqual([]);
  });

  it("places the address by the picked suggestion's id and stores it under the place's name", async () => {
    const result = await submitReport.execute(submissionWith({ address: ' 1 Apiary Lane, Portland, OR, USA ', placeId: 'place-7' }));
    expect(geocoder.questions).toEqual([{ address: '1 Apiary Lane, Portland, OR, USA', placeId: 'place-7' }]);
    expect((await reports.findById(result.reportId))?.address).toBe('1 Apiary Lane, Portland, OR, USA');
  });

  it('passes on that the geocoder cannot be asked, storing nothing', async () => {
    geocoder.unavailable = true;
    await expect(submitReport.execute(submissionWith())).rejects.toMatchObject({ code: 'GEOCODER.UNAVAILABLE' });
    expect(await outbox.pending(10)).toEqual([]);
  });

  describe('validate only', () => {
    it('answers a well-formed report without placing it, storing it or judging its picture', async () => {
      const answer = await submitReport.execute(submissionWith({ validateOnly: true, image: Uint8Array.from([0x3c]) }));
      expect(answer).toEqual({ reportId: '', replayed: false, duplicate: false });
      expect(geocoder.questions).toEqual([]);
      expect(coverage.questions).toEqual([]);
      expect(await outbox.pending(10)).toEqual([]);
      expect(images.saved).toEqual([]);
    });

    it('refuses a malformed report with every broken rule, asking no provider', async () => {
      await expect(submitReport.execute(submissionWith({ validateOnly: true, reporterPhone: '123', size: 'Huge' }))).rejects.toMatchObject({
        code: 'REPORT.INVALID_SUBMISSION',
        details: ['Bee Size must be one of Softball, Basketball, Very Large', 'Phone is invalid (10 digts, only numbers)'],
      });
      expect(geocoder.questions).toEqual([]);
    });
  });

  it('re-encodes the picture, stores it and its thumbnail under generated names, and names them on the report', async () => {
    const result = await submitReport.execute(submissionWith({ image: Uint8Array.from([0xff, 9]) }));
    const stored = await reports.findById(result.reportId);
    expect(stored?.image).toEqual({ imageName: expect.stringMatching(/\.jpg$/), thumbnailName: expect.stringMatching(/-thumb\.jpg$/) });
    expect([...(await images.find(stored!.image!.imageName))!.bytes]).toEqual([0xff, 9, 1]);
    expect([...(await images.find(stored!.image!.thumbnailName))!.bytes]).toEqual([2]);
  });

  it('stores a report without a picture when none was sent', async () => {
    const result = await submitReport.execute(submissionWith({ image: new Uint8Array() }));
    expect((await reports.findById(result.reportId))?.image).toBeUndefined();
  });

  it('refuses a picture that cannot be decoded and stores no report', async () => {
    await expect(submitReport.execute(submissionWith({ image: Uint8Array.from([0x3c, 0x73]) }))).rejects.toMatchObject({
      code: 'REPORT.INVALID_IMAGE',
    });
    expect(await outbox.pending(10)).toEqual([]);
    expect(images.saved).toEqual([]);
  });

  describe.each([
    ['cannot be decoded', Uint8Array.from([0x3c, 0x73]), 'REPORT.INVALID_IMAGE'],
    ['is over the pixel limit', Uint8Array.from([0xfe, 1]), 'REPORT.IMAGE_TOO_LARGE'],
  ])('a picture that %s', (_case, image, code) => {
    it('is refused where a live report at the address would be answered as a duplicate', async () => {
      await submitReport.execute(submissionWith());
      await expect(submitReport.execute(submissionWith({ image, idempotencyId: 'idem-2' }))).rejects.toMatchObject({ code });
      expect(await outbox.pending(10)).toHaveLength(1);
    });

    it('is refused where nobody covers the place, before coverage is asked', async () => {
      coverage.members = [];
      await expect(submitReport.execute(submissionWith({ image }))).rejects.toMatchObject({ code });
      expect(coverage.questions).toEqual([]);
    });

    it('is refused under an idempotency id already used', async () => {
      await submitReport.execute(submissionWith());
      await expect(submitReport.execute(submissionWith({ image }))).rejects.toMatchObject({ code });
    });
  });

  describe('a readable picture of a report that is not stored', () => {
    const photo = { image: Uint8Array.from([0xff, 9]) };

    it('is not stored when the report is answered as a duplicate', async () => {
      await submitReport.execute(submissionWith());
      expect((await submitReport.execute(submissionWith({ ...photo, idempotencyId: 'idem-2' }))).duplicate).toBe(true);
      expect(images.saved).toEqual([]);
    });

    it('is not stored when nobody covers the place', async () => {
      coverage.members = [];
      await expect(submitReport.execute(submissionWith({ ...photo }))).rejects.toMatchObject({ code: 'REPORT.NO_COVERAGE' });
      expect(images.saved).toEqual([]);
    });

    it('is not stored again when the submission is replayed', async () => {
      await submitReport.execute(submissionWith({ ...photo }));
      expect(images.saved).toHaveLength(2);
      expect((await submitReport.execute(submissionWith({ ...photo }))).replayed).toBe(true);
      expect(images.saved).toHaveLength(2);
    });
  });

  it('replays the first outcome for a retry with the same idempotency id and stores nothing new', async () => {
    const first = await submitReport.execute(submissionWith());
    const retry = await submitReport.execute(submissionWith());
    expect(retry).toEqual({ reportId: first.reportId, replayed: true, duplicate: false });
    expect(await outbox.pending(10)).toHaveLength(1);
  });

  it('refuses the same idempotency id with different content', async () => {
    await submitReport.execute(submissionWith());
    await expect(submitReport.execute(submissionWith({ address: '2 Other Road, Portland, OR, USA' }))).rejects.toMatchObject({
      code: 'REPORT.IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('creates one report when the same submission arrives many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => submitReport.execute(submissionWith())));
    expect(new Set(results.map((result) => result.reportId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(results.some((result) => result.duplicate)).toBe(false);
    expect(await outbox.pending(100)).toHaveLength(1);
  });

  it('answers a second report at the same address within 3 days with the first one, storing nothing', async () => {
    const first = await submitReport.execute(submissionWith());
    now = new Date('2026-06-04T11:59:59Z');
    const second = await submitReport.execute(submissionWith({ idempotencyId: 'idem-2', address: '1 apiary lane portland or usa' }));
    expect(second).toEqual({ reportId: first.reportId, replayed: false, duplicate: true });
    expect(await outbox.pending(10)).toHaveLength(1);
  });

  it('stores a second report at the same address when the reporter confirms it', async () => {
    const first = await submitReport.execute(submissionWith());
    const confirmed = await submitReport.execute(submissionWith({ idempotencyId: 'idem-2', confirmDuplicate: true }));
    expect(confirmed.duplicate).toBe(false);
    expect(confirmed.reportId).not.toBe(first.reportId);
    expect(await outbox.pending(10)).toHaveLength(2);
  });

  it('stores a confirmed resubmission that reuses the idempotency id of the submission answered as a duplicate', async () => {
    await submitReport.execute(submissionWith());
    expect((await submitReport.execute(submissionWith({ idempotencyId: 'idem-2' }))).duplicate).toBe(true);
    const confirmed = await submitReport.execute(submissionWith({ idempotencyId: 'idem-2', confirmDuplicate: true }));
    expect(confirmed).toMatchObject({ replayed: false, duplicate: false });
  });

  it('no longer counts a report at the address once it is 3 days old', async () => {
    await submitReport.execute(submissionWith());
    now = new Date('2026-06-04T12:00:01Z');
    expect((await submitReport.execute(submissionWith({ idempotencyId: 'idem-2' }))).duplicate).toBe(false);
  });

  it('draws another claim code when the first is held by a live report', async () => {
    codes = [111, 111, 222];
    await submitReport.execute(submissionWith());
    const second = await submitReport.execute(submissionWith({ idempotencyId: 'idem-2', address: '2 Hive Road, Portland, OR, USA' }));
    expect((await reports.findById(second.reportId))?.claimCode).toBe('00222');
  });

  it('takes a free code the repository names once random draws keep colliding', async () => {
    codes = [111];
    await submitReport.execute(submissionWith());
    codes = [111, 111, 111, 111, 111, 111];
    const second = await submitReport.execute(submissionWith({ idempotencyId: 'idem-2', address: '2 Hive Road, Portland, OR, USA' }));
    expect((await reports.findById(second.reportId))?.claimCode).toBe('00112');
  });

  // Filling every claim code stores 100,000 reports: about a second alone, several on a CI machine under load.
  it('fails with CLAIM_CODES_EXHAUSTED, storing nothing, when live reports hold every claim code', { timeout: 60_000 }, async () => {
    let created = 0;
    for (let code = 0; code < CLAIM_CODE_COUNT; code += 1) {
      if ((await reports.create(aReport({ reportId: `live-${code}`, idempotencyId: `live-${code}`, claimCode: claimCodeOf(code) }), [])) === 'created') created += 1;
    }
    expect(created).toBe(CLAIM_CODE_COUNT);

    const attempt = submitReport.execute(submissionWith({ idempotencyId: 'one-too-many' }));

    await expect(attempt).rejects.toMatchObject({ code: 'REPORT.CLAIM_CODES_EXHAUSTED' });
    expect(await reports.findByIdempotencyId('one-too-many')).toBeUndefined();
    expect(await outbox.pending(10)).toEqual([]);
  });

  it('gives up after a bounded number of codes when every free code found is taken before it can be used', async () => {
    let creates = 0;
    let searches = 0;
    const racing = Object.assign(Object.create(reports) as MemoryReportRepository, {
      create: async () => {
        creates += 1;
        return 'claim-code-taken' as const;
      },
      findFreeClaimCode: async () => {
        searches += 1;
        return '00042';
      },
    });
    const submit = new SubmitReport({
      reports: racing,
      coverage,
      geocoder,
      images,
      imageProcessor: fakeProcessor,
      clock: { now: () => now },
      ids: { newId: () => `id-${(nextId += 1)}` },
      randomBelow: () => 7,
    });

    await expect(submit.execute(submissionWith())).rejects.toMatchObject({ code: 'REPORT.CLAIM_CODES_EXHAUSTED' });
    expect(creates).toBe(10);
    expect(searches).toBe(5);
  });

  it('refuses an invalid submission without asking the geocoder or storing anything', async () => {
    await expect(submitReport.execute(submissionWith({ reporterPhone: '123' }))).rejects.toMatchObject({
      code: 'REPORT.INVALID_SUBMISSION',
      details: ['Phone is invalid (10 digts, only numbers)'],
    });
    expect(geocoder.questions).toEqual([]);
    expect(await outbox.pending(10)).toEqual([]);
  });
});
