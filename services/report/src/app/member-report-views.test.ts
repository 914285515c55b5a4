import { MemoryOutbox } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryImageStore } from '../adapters/memory/memory-image-store.js';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { aReport, anAlert } from '../adapters/report-repository.contract.js';
import { ClaimReport } from './claim-report.js';
import { GetClaimDetails } from './get-claim-details.js';
import { GetReportImage } from './get-report-image.js';
import { ListActiveReportsForMember } from './list-active-reports-for-member.js';
import { ListClaimedReportsForMember } from './list-claimed-reports-for-member.js';
import { MarkReportBad } from './mark-report-bad.js';
import { RecordAlert } from './record-alert.js';
import { RecordClaimOutcome } from './record-claim-outcome.js';

describe('what a member sees of reports', () => {
  let reports: MemoryReportRepository;
  let images: MemoryImageStore;
  let now: Date;
  let ports: { reports: MemoryReportRepository; images: MemoryImageStore; clock: { now: () => Date }; ids: { newId: () => string } };
  const older = aReport({ createdAt: new Date('2026-06-01T08:00:00Z'), internalNote: 'behind the shed', image: { imageName: 'a.jpg', thumbnailName: 'a-thumb.jpg' } });
  const newer = aReport({ createdAt: new Date('2026-06-01T09:00:00Z') });
  const notAlerted = aReport({ createdAt: new Date('2026-06-01T10:00:00Z') });

  beforeEach(async () => {
    reports = new MemoryReportRepository(new MemoryOutbox());
    images = new MemoryImageStore();
    now = new Date('2026-06-01T12:00:00Z');
    let id = 0;
    ports = { reports, images, clock: { now: () => now }, ids: { newId: () => `id-${(id += 1)}` } };
    for (const report of [older, newer, notAlerted]) await reports.create(report, []);
    const recordAlert = new RecordAlert(ports);
    await recordAlert.execute(anAlert({ reportId: older.reportId, memberId: 'm-1', companyName: 'Salem Bees', distanceMiles: 2.345 }));
    await recordAlert.execute(anAlert({ reportId: newer.reportId, memberId: 'm-1', companyName: 'Portland Bees', distanceMiles: 7 }));
    await recordAlert.execute(anAlert({ reportId: newer.reportId, memberId: 'm-2' }));
    await images.save({ name: 'a.jpg', contentType: 'image/jpeg', bytes: Uint8Array.from([1, 2]), createdAt: now });
    await images.save({ name: 'a-thumb.jpg', contentType: 'image/webp', bytes: Uint8Array.from([3]), createdAt: now });
  });

  it('records an alert for a known report only, answering its state', async () => {
    const recordAlert = new RecordAlert(ports);
    const { alertedAt: _alertedAt, ...withoutTime } = anAlert({ reportId: notAlerted.reportId, memberId: 'm-3' });
    expect(await recordAlert.execute(withoutTime)).toEqual({ state: 'active' });
    expect((await reports.findAlert(notAlerted.reportId, 'm-3'))?.alertedAt).toEqual(now);
    await expect(recordAlert.execute(anAlert({ reportId: 'missing' }))).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
  });

  it('lists the active reports the member was alerted about, newest first, with the distance', async () => {
    const active = await new ListActiveReportsForMember(reports).execute('m-1');
    expect(active).toEqual([
      expect.objectContaining({ reportId: newer.reportId, distanceMiles: 7, hasImage: false }),
      expect.objectContaining({ reportId: older.reportId, distanceMiles: 2.345, hasImage: true, note: 'behind the shed', claimCode: older.claimCode }),
    ]);
  });

  it('moves a claimed report from active to claimed, with the association and whether it can be un-claimed', async () => {
    await new ClaimReport(ports).execute(older.reportId, 'm-1');
    expect((await new ListActiveReportsForMember(reports).execute('m-1')).map((report) => report.reportId)).toEqual([newer.reportId]);
    const listClaimed = new ListClaimedReportsForMember(ports);
    expect(await listClaimed.execute('m-1')).toEqual([
      expect.objectContaining({ reportId: older.reportId, claimedAt: now, companyName: 'Salem Bees', canUnclaim: true, hasImage: true }),
    ]);
    expect(await listClaimed.execute('m-2')).toEqual([]);
    now = new Date('2026-06-04T12:00:00Z');
    expect((await listClaimed.execute('m-1'))[0]?.canUnclaim).toBe(false);
  });

  it('shows the outcome the claimer recorded', async () => {
    await new ClaimReport(ports).execute(older.reportId, 'm-1');
    const listClaimed = new ListClaimedReportsForMember(ports);
    expect((await listClaimed.execute('m-1'))[0]).not.toHaveProperty('outcome');
    await new RecordClaimOutcome(ports).execute(older.reportId, 'm-1', 'Gone before arrival');
    expect((await listClaimed.execute('m-1'))[0]?.outcome).toBe('Gone before arrival');
  });

  it('drops a report marked bad from every list', async () => {
    await new ClaimReport(ports).execute(older.reportId, 'm-1');
    await new MarkReportBad(ports).execute(older.reportId, 'm-1', 'Other');
    expect(await new ListClaimedReportsForMember(ports).execute('m-1')).toEqual([]);
    expect((await new ListActiveReportsForMember(reports).execute('m-1')).map((report) => report.reportId)).toEqual([newer.reportId]);
  });

  it('gives the location and reporter only to the claimer', async () => {
    const details = new GetClaimDetails(reports);
    await expect(details.execute(newer.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
    await new ClaimReport(ports).execute(newer.reportId, 'm-1');
    expect(await details.execute(newer.reportId, 'm-1')).toEqual({
      address: newer.address,
      location: newer.location,
      reporterName: 'Ada',
      reporterPhone: '5551234567',
      claimCode: newer.claimCode,
      size: newer.size,
      elevationFeet: newer.elevationFeet,
    });
    await expect(details.execute(newer.reportId, 'm-2')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
    await expect(details.execute('missing', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
  });

  it('serves the picture and thumbnail only to alerted members', async () => {
    const getImage = new GetReportImage(ports);
    expect(await getImage.execute(older.reportId, 'm-1', false)).toEqual({ bytes: Uint8Array.from([1, 2]), contentType: 'image/jpeg' });
    expect(await getImage.execute(older.reportId, 'm-1', true)).toEqual({ bytes: Uint8Array.from([3]), contentType: 'image/webp' });
    await expect(getImage.execute(older.reportId, 'm-2', false)).rejects.toMatchObject({ code: 'REPORT.NOT_ALERTED' });
    await expect(getImage.execute(newer.reportId, 'm-1', false)).rejects.toMatchObject({ code: 'REPORT.NO_IMAGE' });
    await expect(getImage.execute('missing', 'm-1', false)).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
  });
});
