import { MemoryOutbox } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { RecordAlert } from '../../app/record-alert.js';
import { MemoryReportRepository } from '../memory/memory-report-repository.js';
import { aReport, anAlert } from '../report-repository.contract.js';
import { CountedClaimReport, type ClaimOutcome } from './counted-claims.js';

describe('CountedClaimReport', () => {
  it('tells the outcome of each claim, by id or by code, once', async () => {
    const reports = new MemoryReportRepository(new MemoryOutbox());
    let id = 0;
    const ports = { reports, clock: { now: () => new Date('2026-06-01T12:00:00Z') }, ids: { newId: () => `event-${(id += 1)}` } };
    const report = aReport({ claimCode: '04242' });
    await reports.create(report, []);
    for (const memberId of ['m-1', 'm-2']) await new RecordAlert(ports).execute(anAlert({ reportId: report.reportId, memberId }));
    const outcomes: ClaimOutcome[] = [];
    const claim = new CountedClaimReport(ports, (outcome) => outcomes.push(outcome));

    await claim.executeByCode('04242', 'm-1');
    await claim.execute(report.reportId, 'm-1');
    await expect(claim.execute(report.reportId, 'm-2')).rejects.toMatchObject({ code: 'REPORT.ALREADY_CLAIMED' });
    await expect(claim.execute(report.reportId, 'm-9')).rejects.toMatchObject({ code: 'REPORT.NOT_ALERTED' });

    expect(outcomes).toEqual(['won', 'already_yours', 'already_claimed', 'refused']);
  });
});
