import { InProcessEventBus, ReporterDataErasedEvent } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { subscribeToReporterDataErasures } from '../adapters/events/reporter-data-erased-subscriber.js';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemoryInboundSmsRepository } from '../adapters/memory/memory-inbound-sms-repository.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { startDispatch, type SubmittedReport } from '../domain/alert-dispatch.js';
import { silentLog } from '../testing/dispatch-fakes.js';
import { ForgetReporterData } from './forget-reporter-data.js';

const SUBMITTED_AT = new Date('2026-06-01T12:00:00.000Z');
const REPORTER = '5035550177';

const submitted = (reportId: string): SubmittedReport => ({
  eventId: `submitted-${reportId}`,
  reportId,
  claimCode: '12345',
  size: 'Basketball',
  elevationFeet: 12,
  location: { latitude: 45.51523, longitude: -122.67841 },
  submittedAt: SUBMITTED_AT,
  coverage: [{ memberId: 'm1', distanceMiles: 1.5, companyId: 'c1', companyName: 'Portland Beekeepers' }],
  widerCoverage: [],
  expiresAt: new Date('2026-06-04T12:00:00.000Z'),
  reporterUpdates: true,
  reporterPhone: REPORTER,
  town: 'Portland, OR',
  hasPicture: true,
});

describe('ForgetReporterData', () => {
  const bus = new InProcessEventBus(testLogger());
  afterEach(() => bus.close());

  async function setUp() {
    const dispatches = new MemoryDispatchRepository();
    const sentTexts = new MemorySentTextRepository();
    const inboundMessages = new MemoryInboundSmsRepository();
    for (const reportId of ['r1', 'r2']) await dispatches.recordIfAbsent(startDispatch(submitted(reportId), SUBMITTED_AT));
    await sentTexts.beginSending({ key: 'reporter-claimed--e1', purpose: 'reporter-claimed', to: REPORTER, reportId: 'r1', startedAt: SUBMITTED_AT });
    await sentTexts.beginSending({ key: 'location--r1--m1', purpose: 'claimer-location', to: '5035550100', reportId: 'r1', memberId: 'm1', startedAt: SUBMITTED_AT });
    await inboundMessages.recordIfAbsent({ messageSid: 'SM-gone', from: `+1${REPORTER}`, receivedAt: SUBMITTED_AT });
    await inboundMessages.saveOutcome('SM-gone', { reply: 'Thanks for letting us know.', wrongCode: false });
    return { dispatches, sentTexts, inboundMessages, forget: new ForgetReporterData({ dispatches, sentTexts, inboundMessages, log: silentLog }) };
  }

  it("on report.reporter_data_erased forgets the reporter's number everywhere and the exact place, keeping the rest", async () => {
    const { dispatches, sentTexts, inboundMessages, forget } = await setUp();
    await subscribeToReporterDataErasures(bus, forget);
    await bus.publish(ReporterDataErasedEvent.toMessage('reporter-data-erased--r1', { reportId: 'r1' }));
    await waitUntil(async () => (await dispatches.findByReportId('r1'))?.reporterPhone === '', 2_000, 'the copy to be erased');

    expect(await dispatches.findByReportId('r1')).toMatchObject({
      reporterPhone: '',
      location: { latitude: 45.52, longitude: -122.68 },
      town: 'Portland, OR',
      size: 'Basketball',
      elevationFeet: 12,
      submittedAt: SUBMITTED_AT,
      coverage: [{ memberId: 'm1', companyId: 'c1' }],
    });
    expect((await dispatches.findByReportId('r2'))?.reporterPhone).toBe(REPORTER);
    expect(await sentTexts.find('reporter-claimed--e1')).toMatchObject({ to: '', purpose: 'reporter-claimed', reportId: 'r1' });
    expect((await sentTexts.find('location--r1--m1'))?.to).toBe('5035550100');
    expect(JSON.stringify([...(inboundMessages as unknown as { messages: Map<string, unknown> }).messages.values()])).not.toContain(REPORTER);
    expect(await inboundMessages.recordIfAbsent({ messageSid: 'SM-gone', from: `+1${REPORTER}`, receivedAt: SUBMITTED_AT })).toEqual({
      kind: 'duplicate',
      reply: 'Thanks for letting us know.',
    });
  });

  it('is idempotent, and a redelivery after a stop before the copy was erased finishes the work', async () => {
    const { dispatches, sentTexts, forget } = await setUp();
    await sentTexts.eraseReporterDestinations('r1');
    await forget.execute({ reportId: 'r1' });
    await forget.execute({ reportId: 'r1' });
    await forget.execute({ reportId: 'unknown' });
    expect((await dispatches.findByReportId('r1'))?.reporterPhone).toBe('');
    expect((await sentTexts.find('reporter-claimed--e1'))?.to).toBe('');
  });
});
