import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxStore } from '@swarm/runtime';
import type { ReportRepository } from '../app/ports.js';
import type { Report } from '../domain/report.js';
import { reportSubmitted } from '../domain/report-events.js';
import { addressKey } from '../domain/duplicate-report.js';

let sequence = 0;
export function aReport(overrides: Partial<Report> = {}): Report {
  sequence += 1;
  return {
    reportId: `report-${sequence}-${Math.random().toString(36).slice(2)}`,
    idempotencyId: `idem-${sequence}-${Math.random().toString(36).slice(2)}`,
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Softball',
    elevationFeet: 8,
    address: '1 Apiary Lane',
    internalNote: '',
    location: { latitude: 45.5152, longitude: -122.6784 },
    associations: [{ companyId: 'company-1', name: 'Portland Beekeepers', donationUrl: 'https://example.org/donate' }],
    state: 'active',
    claimCode: String(10_000 + sequence).slice(-5),
    createdAt: new Date('2026-05-01T10:00:00.000Z'),
    ...overrides,
  };
}

/** What every ReportRepository adapter must do; `create` gives a fresh, empty repository and its outbox. */
export function reportRepositoryContract(name: string, create: () => Promise<{ reports: ReportRepository; outbox: OutboxStore }>): void {
  describe(`ReportRepository contract: ${name}`, () => {
    let reports: ReportRepository;
    let outbox: OutboxStore;
    beforeEach(async () => {
      ({ reports, outbox } = await create());
    });

    it('stores a report and finds it by id and by idempotency id', async () => {
      const report = aReport({ claimCode: '00007' });
      expect(await reports.create(report, [])).toBe('created');
      expect(await reports.findById(report.reportId)).toEqual(report);
      expect(await reports.findByIdempotencyId(report.idempotencyId)).toEqual(report);
    });

    it('keeps the location, the covering associations and the picture names', async () => {
      const report = aReport({
        location: { latitude: -33.8688, longitude: 151.2093 },
        associations: [
          { companyId: 'c-1', name: 'First', donationUrl: '' },
          { companyId: 'c-2', name: 'Second', donationUrl: 'https://example.org/give' },
        ],
        image: { imageName: 'abc.jpg', thumbnailName: 'abc-thumb.jpg' },
      });
      await reports.create(report, []);
      expect(await reports.findById(report.reportId)).toEqual(report);
    });

    it('finds the live reports at an address key created since a time, and only those', async () => {
      const since = new Date('2026-05-01T00:00:00.000Z');
      const address = '12 Oak St, Portland, OR, USA';
      const recent = aReport({ address, createdAt: new Date('2026-05-02T00:00:00.000Z') });
      const claimed = aReport({ address: '12 oak st portland or usa', state: 'claimed', createdAt: new Date('2026-05-01T00:00:00.000Z') });
      const old = aReport({ address, createdAt: new Date('2026-04-30T23:59:59.000Z') });
      const bad = aReport({ address, state: 'bad', createdAt: new Date('2026-05-02T00:00:00.000Z') });
      const elsewhere = aReport({ address: '13 Oak St, Portland, OR, USA', createdAt: new Date('2026-05-02T00:00:00.000Z') });
      for (const report of [recent, claimed, old, bad, elsewhere]) await reports.create(report, []);
      const found = await reports.findLiveAtAddressSince(addressKey(address), since);
      expect(found.map((report) => report.reportId).sort()).toEqual([recent.reportId, claimed.reportId].sort());
    });

    it('finds nothing for unknown ids', async () => {
      expect(await reports.findById('missing')).toBeUndefined();
      expect(await reports.findByIdempotencyId('missing')).toBeUndefined();
    });

    it('stores the events with the report, in its outbox', async () => {
      const report = aReport();
      await reports.create(report, [reportSubmitted(report, 'event-1')]);
      const pending = await outbox.pending(10);
      expect(pending.map((message) => [message.id, message.type])).toEqual([['event-1', 'report.submitted']]);
    });

    it('refuses a second report with the same idempotency id and stores neither it nor its events', async () => {
      const first = aReport();
      await reports.create(first, [reportSubmitted(first, 'event-first')]);
      const second = aReport({ idempotencyId: first.idempotencyId });
      expect(await reports.create(second, [reportSubmitted(second, 'event-second')])).toBe('idempotency-id-taken');
      expect(await reports.findById(second.reportId)).toBeUndefined();
      expect((await outbox.pending(10)).map((message) => message.id)).toEqual(['event-first']);
    });

    it('refuses a claim code already held by a live report', async () => {
      await reports.create(aReport({ claimCode: '12345' }), []);
      const clash = aReport({ claimCode: '12345' });
      expect(await reports.create(clash, [])).toBe('claim-code-taken');
      expect(await reports.findById(clash.reportId)).toBeUndefined();
    });

    it('allows a claim code again once the report holding it is no longer live', async () => {
      await reports.create(aReport({ claimCode: '54321', state: 'bad' }), []);
      expect(await reports.create(aReport({ claimCode: '54321' }), [])).toBe('created');
    });

    it('marks outbox messages published so they are not pending any more', async () => {
      const report = aReport();
      await reports.create(report, [reportSubmitted(report, 'event-2')]);
      await outbox.markPublished(['event-2']);
      expect(await outbox.pending(10)).toEqual([]);
    });
  });
}
