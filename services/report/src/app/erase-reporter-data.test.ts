import { ReporterDataErasedEvent, MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryImageStore } from '../adapters/memory/memory-image-store.js';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { aReport } from '../adapters/report-repository.contract.js';
import type { Report } from '../domain/report.js';
import { EraseReporterData } from './erase-reporter-data.js';
import { ExpireReport } from './expire-report.js';

const SUBMITTED_AT = new Date('2026-06-01T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reports ended by expiry on a clock the test moves, with REPORT_ACTIVE_HOURS = 1 and REPORTER_DATA_DAYS = 30. */
describe('EraseReporterData', () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let images: MemoryImageStore;
  let now: Date;
  let erase: EraseReporterData;

  /** A report submitted now that expired an hour later (the clock stays where it was). */
  const expiredReport = async (overrides: Partial<Report> = {}): Promise<Report> => {
    const report = aReport({ createdAt: now, ...overrides });
    await reports.create(report, []);
    if (report.image) {
      for (const name of [report.image.imageName, report.image.thumbnailName]) {
        await images.save({ name, contentType: 'image/jpeg', bytes: Uint8Array.from([1, 2, 3]), createdAt: SUBMITTED_AT });
      }
    }
    const expiredAt = new Date(report.activeSince.getTime() + 60 * 60 * 1000);
    await new ExpireReport({ reports, clock: { now: () => expiredAt }, ids: { newId: () => `expired-${report.reportId}` } }, { reportActiveHours: 1 }).execute(report.reportId);
    return report;
  };
  const erasedEvents = async () => (await outbox.pending(1000)).filter((message) => message.type === ReporterDataErasedEvent.type).map((message) => ReporterDataErasedEvent.decode(message).reportId);

  beforeEach(() => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    images = new MemoryImageStore();
    now = SUBMITTED_AT;
    erase = new EraseReporterData({ reports, images, clock: { now: () => now } }, { reporterDataDays: 30 });
  });

  it("erases the reporter's name, phone, note, street, exact place and pictures REPORTER_DATA_DAYS after the end, once", async () => {
    const report = await expiredReport({
      reporterName: 'Ada Lovelace',
      reporterPhone: '5035550199',
      internalNote: 'gate code 1234',
      address: '12 Oak St, Portland, OR, USA',
      image: { imageName: 'r1.jpg', thumbnailName: 'r1-thumb.jpg' },
    });
    const endedAt = new Date(SUBMITTED_AT.getTime() + 60 * 60 * 1000);

    now = new Date(endedAt.getTime() + 30 * DAY_MS - 1);
    expect(await erase.execute()).toHaveLength(0);
    expect((await reports.findById(report.reportId))?.reporterName).toBe('Ada Lovelace');

    now = new Date(endedAt.getTime() + 30 * DAY_MS);
    expect(await erase.execute()).toHaveLength(1);
    expect(await reports.findById(report.reportId)).toMatchObject({
      reporterName: '',
      reporterPhone: '',
      internalNote: '',
      address: 'Portland, OR',
      location: { latitude: 45.52, longitude: -122.68 },
      size: report.size,
      elevationFeet: report.elevationFeet,
      createdAt: SUBMITTED_AT,
      state: 'expired',
      expiredAt: endedAt,
      endedAt,
      reporterDataErasedAt: now,
    });
    expect((await reports.findById(report.reportId))?.image).toBeUndefined();
    expect(await images.find('r1.jpg')).toBeUndefined();
    expect(await images.find('r1-thumb.jpg')).toBeUndefined();
    expect(await erasedEvents()).toEqual([report.reportId]);

    now = new Date(now.getTime() + DAY_MS);
    expect(await erase.execute()).toHaveLength(0);
    expect(await erasedEvents()).toEqual([report.reportId]);
  });

  it('leaves live reports and those whose period has not passed, and takes every due report across batches', async () => {
    const live = aReport({ createdAt: SUBMITTED_AT });
    await reports.create(live, []);
    const due = [];
    for (let index = 0; index < 130; index += 1) due.push(await expiredReport());
    now = new Date(now.getTime() + 20 * DAY_MS);
    const recent = await expiredReport();
    now = new Date(now.getTime() + 11 * DAY_MS);
    expect(await erase.execute()).toHaveLength(130);
    expect((await reports.findById(recent.reportId))?.endedAt).toBeDefined();
    expect((await erasedEvents()).sort()).toEqual(due.map(({ reportId }) => reportId).sort());
    expect((await reports.findById(live.reportId))?.reporterName).toBe('Ada');
    expect((await reports.findById(recent.reportId))?.reporterName).toBe('Ada');
  });

  it('finishes a report whose pictures were removed by a sweep stopped before its write', async () => {
    const report = await expiredReport({ image: { imageName: 'r2.jpg', thumbnailName: 'r2-thumb.jpg' } });
    await images.remove('r2.jpg');
    now = new Date(now.getTime() + 31 * DAY_MS);
    expect(await erase.execute()).toHaveLength(1);
    expect(await images.find('r2-thumb.jpg')).toBeUndefined();
    expect((await reports.findById(report.reportId))?.reporterDataErasedAt).toEqual(now);
  });
});
