import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { AlertSent } from '@swarm/proto/notification/v1/events';
import { AlertSentEvent, InProcessEventBus, MemoryOutbox, type Subscription } from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordAlert } from '../../app/record-alert.js';
import { MemoryReportRepository } from '../memory/memory-report-repository.js';
import { aReport } from '../report-repository.contract.js';
import { subscribeToAlertSent } from './alert-sent-subscriber.js';

/** Counts the deliveries of each event, to see that a handled one is not delivered again. */
class CountingBus extends InProcessEventBus {
  readonly deliveries = new Map<string, number>();
  override subscribe(...[consumer, type, handler]: Parameters<InProcessEventBus['subscribe']>) {
    return super.subscribe(consumer, type, async (event) => {
      this.deliveries.set(event.id, event.deliveryCount);
      await handler(event);
    });
  }
}

describe('the report service following alert.sent', () => {
  const sentAt = new Date('2026-06-01T12:00:05Z');
  let bus: CountingBus;
  let reports: MemoryReportRepository;
  let subscription: Subscription;
  const report = aReport();
  const alertSent = (id: string, fields: Partial<Omit<AlertSent, '$typeName' | '$unknown'>> = {}) =>
    AlertSentEvent.toMessage(id, {
      reportId: report.reportId,
      memberId: 'm-1',
      companyId: 'c-1',
      companyName: 'Portland Beekeepers',
      distanceMiles: 2.5,
      sentAt: timestampFromDate(sentAt),
      ...fields,
    });

  beforeEach(async () => {
    bus = new CountingBus(testLogger());
    reports = new MemoryReportRepository(new MemoryOutbox());
    await reports.create(report, []);
    subscription = await subscribeToAlertSent(bus, new RecordAlert({ reports, clock: { now: () => new Date('2026-06-01T13:00:00Z') } }), testLogger());
  });
  afterEach(async () => {
    await subscription.stop();
    await bus.close();
  });

  it('records the alert, so the member may claim, and keeps the first record when the alert is told again', async () => {
    await bus.publish(alertSent('sent-1'));
    await waitUntil(async () => (await reports.findAlert(report.reportId, 'm-1')) !== undefined, 2_000, 'the alert');
    expect(await reports.findAlert(report.reportId, 'm-1')).toEqual({
      reportId: report.reportId,
      memberId: 'm-1',
      companyId: 'c-1',
      companyName: 'Portland Beekeepers',
      distanceMiles: 2.5,
      alertedAt: sentAt,
    });
    await bus.publish(alertSent('sent-2', { companyName: 'Other', sentAt: timestampFromDate(new Date('2026-06-01T12:30:00Z')) }));
    await waitUntil(async () => bus.deliveries.has('sent-2'), 2_000, 'the second event');
    expect((await reports.findAlert(report.reportId, 'm-1'))?.companyName).toBe('Portland Beekeepers');
  });

  it('acknowledges, without recording or retrying, an alert about an unknown report or one that does not check', async () => {
    await bus.publish(alertSent('unknown', { reportId: 'no-such-report' }));
    await bus.publish(alertSent('no-company', { companyId: '' }));
    await waitUntil(async () => bus.deliveries.has('unknown') && bus.deliveries.has('no-company'), 2_000, 'both events');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(bus.deliveries.get('unknown')).toBe(1);
    expect(bus.deliveries.get('no-company')).toBe(1);
    expect(await reports.findAlert(report.reportId, 'm-1')).toBeUndefined();
  });
});
