import { beforeEach, describe, expect, it } from 'vitest';
import type { DispatchRepository } from '../app/ports.js';
import type { AlertDispatch } from '../domain/alert-dispatch.js';

const dispatch = (reportId: string, eventId = `event-of-${reportId}`): AlertDispatch => ({
  reportId,
  eventId,
  status: 'received',
  receivedAt: new Date('2026-06-01T12:00:00.000Z'),
});

export function dispatchRepositoryContract(name: string, create: () => Promise<DispatchRepository>): void {
  describe(`DispatchRepository contract: ${name}`, () => {
    let dispatches: DispatchRepository;
    beforeEach(async () => {
      dispatches = await create();
    });

    it('records a dispatch and finds it by report id', async () => {
      expect(await dispatches.recordIfAbsent(dispatch('r1'))).toBe('recorded');
      expect(await dispatches.findByReportId('r1')).toEqual(dispatch('r1'));
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
  });
}
