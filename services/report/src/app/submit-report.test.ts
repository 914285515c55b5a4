import { MemoryOutbox, ReportSubmittedEvent } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { ReportError } from '../domain/report-error.js';
import type { UncheckedSubmission } from '../domain/report.js';
import { SubmitReport } from './submit-report.js';

const submission: UncheckedSubmission = {
  idempotencyId: 'idem-1',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Very Large',
  elevationFeet: 20,
  address: '1 Apiary Lane',
  internalNote: '',
};

describe('SubmitReport', () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let nextId: number;
  let codes: number[];
  let submitReport: SubmitReport;

  beforeEach(() => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    nextId = 0;
    codes = [];
    const clock = { now: () => new Date('2026-06-01T12:00:00Z') };
    const ids = { newId: () => `id-${(nextId += 1)}` };
    submitReport = new SubmitReport(reports, clock, ids, () => codes.shift() ?? 7);
  });

  it('stores an active report with a five-digit claim code and announces it', async () => {
    const result = await submitReport.execute(submission);
    expect(result.replayed).toBe(false);
    const stored = await reports.findById(result.reportId);
    expect(stored).toMatchObject({ state: 'active', claimCode: '00007', size: 'Very Large', createdAt: new Date('2026-06-01T12:00:00Z') });
    const [message] = await outbox.pending(10);
    expect(message?.type).toBe('report.submitted');
    expect(ReportSubmittedEvent.decode(message!)).toMatchObject({ reportId: result.reportId, elevationFeet: 20 });
  });

  it('replays the first outcome for a retry with the same idempotency id and stores nothing new', async () => {
    const first = await submitReport.execute(submission);
    const retry = await submitReport.execute(submission);
    expect(retry).toEqual({ reportId: first.reportId, replayed: true });
    expect(await outbox.pending(10)).toHaveLength(1);
  });

  it('refuses the same idempotency id with different content', async () => {
    await submitReport.execute(submission);
    await expect(submitReport.execute({ ...submission, address: '2 Other Road' })).rejects.toMatchObject({
      code: 'REPORT.IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('creates one report when the same submission arrives many times at once', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => submitReport.execute(submission)));
    expect(new Set(results.map((result) => result.reportId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await outbox.pending(100)).toHaveLength(1);
  });

  it('draws another claim code when the first is held by a live report', async () => {
    codes = [111, 111, 222];
    await submitReport.execute(submission);
    const second = await submitReport.execute({ ...submission, idempotencyId: 'idem-2' });
    expect((await reports.findById(second.reportId))?.claimCode).toBe('00222');
  });

  it('refuses an invalid submission without storing anything', async () => {
    await expect(submitReport.execute({ ...submission, reporterPhone: '123' })).rejects.toBeInstanceOf(ReportError);
    expect(await outbox.pending(10)).toEqual([]);
  });
});
