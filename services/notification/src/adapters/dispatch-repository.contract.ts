import { beforeEach, describe, expect, it } from 'vitest';
import type { DispatchRepository } from '../app/ports/stores.js';
import type { AlertDispatch } from '../domain/alert-dispatch.js';

const SUBMITTED_AT = new Date('2026-06-01T11:59:59.000Z');
const at = (seconds: number) => new Date(SUBMITTED_AT.getTime() + seconds * 1_000);

const dispatch = (reportId: string, eventId = `event-of-${reportId}`): AlertDispatch => ({
  reportId,
  eventId,
  claimCode: '12345',
  size: 'Basketball',
  elevationFeet: 12,
  location: { latitude: 45.5, longitude: -122.6 },
  submittedAt: SUBMITTED_AT,
  coverage: [
    { memberId: 'm-1', distanceMiles: 1.25, companyId: 'c-1', companyName: 'Portland Beekeepers' },
    { memberId: 'm-2', distanceMiles: 3, companyId: 'c-2', companyName: 'Hive Helpers' },
  ],
  widerCoverage: [{ memberId: 'm-3', distanceMiles: 31.5, companyId: 'c-1', companyName: 'Portland Beekeepers' }],
  expiresAt: new Date('2026-06-04T11:59:59.000Z'),
  reporterUpdates: true,
  reporterPhone: '5035550123',
  status: 'received',
  receivedAt: new Date('2026-06-01T12:00:00.000Z'),
  reportState: 'active',
  reportStateAt: SUBMITTED_AT,
});

export function dispatchRepositoryContract(name: string, create: () => Promise<DispatchRepository>): void {
  describe(`DispatchRepository contract: ${name}`, () => {
    let dispatches: DispatchRepository;
    beforeEach(async () => {
      dispatches = await create();
    });

    it("forgets the reporter's number and keeps the place at the town's level, once erased, leaving other reports", async () => {
      await dispatches.recordIfAbsent({ ...dispatch('r1'), location: { latitude: 45.51523, longitude: -122.67841 } });
      await dispatches.recordIfAbsent(dispatch('r2'));
      await dispatches.eraseReporterData('r1');
      await dispatches.eraseReporterData('r1');
      await dispatches.eraseReporterData('unknown');
      expect(await dispatches.findByReportId('r1')).toEqual({ ...dispatch('r1'), reporterPhone: '', location: { latitude: 45.52, longitude: -122.68 } });
      expect(await dispatches.findByReportId('r2')).toEqual(dispatch('r2'));
    });

    it("finds the language of the newest report from a reporter's number, English for one kept without it", async () => {
      await dispatches.recordIfAbsent({ ...dispatch('r1'), reporterLanguage: 'es' });
      await dispatches.recordIfAbsent({ ...dispatch('r2'), reporterPhone: '5035550999', reporterLanguage: 'es', submittedAt: at(10) });
      await dispatches.recordIfAbsent({ ...dispatch('r3'), reporterPhone: '5035550999', reporterLanguage: 'en', submittedAt: at(20) });
      await dispatches.recordIfAbsent({ ...dispatch('r4'), reporterPhone: '5035550777' });
      expect(await dispatches.findReporterLanguage('5035550123')).toBe('es');
      expect(await dispatches.findReporterLanguage('5035550999')).toBe('en');
      expect(await dispatches.findReporterLanguage('5035550777')).toBe('en');
      expect(await dispatches.findReporterLanguage('5035550000')).toBeUndefined();
      // An erased number is nobody's any more.
      await dispatches.eraseReporterData('r1');
      expect(await dispatches.findReporterLanguage('5035550123')).toBeUndefined();
      expect(await dispatches.findReporterLanguage('')).toBeUndefined();
    });

    it('records a dispatch and finds it by report id', async () => {
      expect(await dispatches.recordIfAbsent(dispatch('r1'))).toBe('recorded');
      expect(await dispatches.findByReportId('r1')).toEqual(dispatch('r1'));
    });

    it('finds the dispatch without its coverage lists, for the work about one member of it', async () => {
      await dispatches.recordIfAbsent(dispatch('r1'));
      await dispatches.markScheduled('r1', new Date('2026-06-01T12:01:00.000Z'));
      const { coverage: _coverage, widerCoverage: _widerCoverage, ...summary } = { ...dispatch('r1'), status: 'scheduled' as const, scheduledAt: new Date('2026-06-01T12:01:00.000Z') };
      expect(await dispatches.findSummaryByReportId('r1')).toEqual(summary);
      expect(await dispatches.findSummaryByReportId('unknown')).toBeUndefined();
    });

    it('keeps the first dispatch when the same report is recorded again', async () => {
      await dispatches.recordIfAbsent(dispatch('r1', 'first'));
      expect(await dispatches.recordIfAbsent(dispatch('r1', 'second'))).toBe('already-recorded');
      expect((await dispatches.findByReportId('r1'))?.eventId).toBe('first');
    });

    it('records exactly one of many concurrent attempts for the same report', async () => {
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => dispatches.recordIfAbsent(dispatch('r2', `e${i}`))));
      expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
    });

    it('marks a dispatch scheduled once, keeping the first time', async () => {
      await dispatches.recordIfAbsent(dispatch('r3'));
      await dispatches.markScheduled('r3', new Date('2026-06-01T12:01:00.000Z'));
      await dispatches.markScheduled('r3', new Date('2026-06-01T12:05:00.000Z'));
      expect(await dispatches.findByReportId('r3')).toEqual({
        ...dispatch('r3'),
        status: 'scheduled',
        scheduledAt: new Date('2026-06-01T12:01:00.000Z'),
      });
    });

    it('finds nothing for an unknown report', async () => {
      expect(await dispatches.findByReportId('unknown')).toBeUndefined();
    });

    it('keeps the newest report state, so a claim arriving after the later un-claim changes nothing', async () => {
      await dispatches.recordIfAbsent(dispatch('r4'));
      expect(await dispatches.changeReportState('r4', { state: 'active', at: at(20) })).toBe('changed');
      expect(await dispatches.changeReportState('r4', { state: 'claimed', at: at(10) })).toBe('unchanged');
      expect(await dispatches.changeReportState('r4', { state: 'active', at: at(20) })).toBe('unchanged');
      expect(await dispatches.findByReportId('r4')).toMatchObject({ reportState: 'active', reportStateAt: at(20) });
      expect(await dispatches.changeReportState('r4', { state: 'claimed', at: at(30) })).toBe('changed');
      expect(await dispatches.findByReportId('r4')).toMatchObject({ reportState: 'claimed', reportStateAt: at(30) });
    });

    it('keeps a report marked bad bad', async () => {
      await dispatches.recordIfAbsent(dispatch('r5'));
      await dispatches.changeReportState('r5', { state: 'bad', at: at(10) });
      expect(await dispatches.changeReportState('r5', { state: 'active', at: at(20) })).toBe('unchanged');
      expect((await dispatches.findByReportId('r5'))?.reportState).toBe('bad');
    });

    it('keeps every final state: expired, departed and closed reports change no more', async () => {
      for (const state of ['expired', 'departed', 'closed'] as const) {
        await dispatches.recordIfAbsent(dispatch(`final-${state}`));
        expect(await dispatches.changeReportState(`final-${state}`, { state, at: at(10) })).toBe('changed');
        expect(await dispatches.changeReportState(`final-${state}`, { state: 'active', at: at(20) })).toBe('unchanged');
        expect((await dispatches.findByReportId(`final-${state}`))?.reportState).toBe(state);
      }
    });

    it('finds only the reports still holding their claim code (active or claimed)', async () => {
      await dispatches.recordIfAbsent({ ...dispatch('r6'), claimCode: '11111' });
      await dispatches.recordIfAbsent({ ...dispatch('r7'), claimCode: '11111' });
      await dispatches.recordIfAbsent({ ...dispatch('r8'), claimCode: '22222' });
      await dispatches.recordIfAbsent({ ...dispatch('r9'), claimCode: '11111' });
      await dispatches.recordIfAbsent({ ...dispatch('r10'), claimCode: '11111' });
      await dispatches.changeReportState('r7', { state: 'bad', at: at(5) });
      await dispatches.changeReportState('r9', { state: 'expired', at: at(5) });
      await dispatches.changeReportState('r10', { state: 'claimed', at: at(5) });
      expect((await dispatches.findLiveByClaimCode('11111')).map((found) => found.reportId).sort()).toEqual(['r10', 'r6']);
      expect(await dispatches.findLiveByClaimCode('33333')).toEqual([]);
    });

    it('answers unknown for a state change of a report never received', async () => {
      expect(await dispatches.changeReportState('never-seen', { state: 'claimed', at: at(1) })).toBe('unknown');
      expect(await dispatches.findByReportId('never-seen')).toBeUndefined();
    });
  });
}
