import { describe, expect, it } from 'vitest';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { StartDispatchOnReportSubmitted } from './start-dispatch-on-report-submitted.js';

describe('StartDispatchOnReportSubmitted', () => {
  const clock = { now: () => new Date('2026-06-01T12:00:00Z') };

  it('records one dispatch for a report however often its event is delivered', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted(dispatches, clock);
    expect(await handle.execute({ eventId: 'e1', reportId: 'r1' })).toBe('recorded');
    expect(await handle.execute({ eventId: 'e1', reportId: 'r1' })).toBe('already-recorded');
    expect(await dispatches.findByReportId('r1')).toEqual({ reportId: 'r1', eventId: 'e1', status: 'received', receivedAt: clock.now() });
  });

  it('refuses an event without a report id and records nothing, so the bus keeps it rather than acknowledging', async () => {
    const dispatches = new MemoryDispatchRepository();
    const handle = new StartDispatchOnReportSubmitted(dispatches, clock);
    await expect(handle.execute({ eventId: 'e1', reportId: '' })).rejects.toMatchObject({ code: 'NOTIFICATION.INVALID_EVENT' });
    expect(await dispatches.findByReportId('')).toBeUndefined();
  });
});
