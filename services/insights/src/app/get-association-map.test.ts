import { describe, expect, it } from 'vitest';
import { MemoryReportStatisticsRepository } from '../adapters/memory/memory-report-statistics-repository.js';
import { MemoryUnservedDemandRepository } from '../adapters/memory/memory-unserved-demand-repository.js';
import { GetAssociationMap, MAP_REUSE_MS } from './get-association-map.js';

const CELL = '872830828ffffff';

class CountingStatistics extends MemoryReportStatisticsRepository {
  reads = 0;
  override async findAlertingAssociation(companyId: string, since: Date, until: Date) {
    this.reads += 1;
    return super.findAlertingAssociation(companyId, since, until);
  }
}

async function mapOfOneReport() {
  let now = new Date('2026-06-03T10:30:00Z').getTime();
  const statistics = new CountingStatistics();
  const submitReport = async (reportId: string) => {
    await statistics.reportSubmitted({ reportId, submittedAt: new Date(now - 60_000), h3Cell: CELL });
    await statistics.alertSent({ reportId, companyId: 'c1', memberId: 'm1', sendKey: `alert--${reportId}--m1--submitted`, costCents: 7 });
  };
  await submitReport('r1');
  const useCase = new GetAssociationMap({ statistics, unserved: new MemoryUnservedDemandRepository(), clock: { now: () => new Date(now) } });
  return { useCase, statistics, submitReport, advance: (ms: number) => (now += ms) };
}

describe('GetAssociationMap', () => {
  it('answers a map computed in the last few seconds again, for the same association and period', async () => {
    const { useCase, statistics, submitReport, advance } = await mapOfOneReport();
    const reportsIn = async () => (await useCase.execute({ companyId: 'c1' })).cells.find((cell) => cell.h3Cell === CELL)?.reports;

    expect(await reportsIn()).toEqual({ count: 0, fewerThanMinimum: true });
    await submitReport('r2');
    await submitReport('r3');
    advance(MAP_REUSE_MS - 1);
    expect(await reportsIn()).toEqual({ count: 0, fewerThanMinimum: true });
    expect(statistics.reads).toBe(1);

    advance(2);
    expect(await reportsIn()).toEqual({ count: 3, fewerThanMinimum: false });
    expect(statistics.reads).toBe(2);
  });

  it('computes once for requests that arrive together, and apart for another association or period', async () => {
    const { useCase, statistics } = await mapOfOneReport();
    await Promise.all(Array.from({ length: 20 }, () => useCase.execute({ companyId: 'c1' })));
    expect(statistics.reads).toBe(1);

    await useCase.execute({ companyId: 'c2' });
    await useCase.execute({ companyId: 'c1', since: new Date('2026-05-01T00:00:00Z') });
    expect(statistics.reads).toBe(3);
  });
});
