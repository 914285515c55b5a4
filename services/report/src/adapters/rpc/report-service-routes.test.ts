import { Code, createClient, createRouterTransport } from '@connectrpc/connect';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { SwarmSize } from '@swarm/proto/report/v1/report';
import { domainErrorCode, MemoryOutbox } from '@swarm/runtime';
import { connectErrorOf } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import type { ReportAssociation } from '../../domain/report.js';
import { buildReportService } from '../../report-service.js';
import { MemoryImageStore } from '../memory/memory-image-store.js';
import { MemoryReportRepository } from '../memory/memory-report-repository.js';
import { SharpImageProcessor } from '../sharp/sharp-image-processor.js';

function reportClient(associations: ReportAssociation[]) {
  let id = 0;
  const service = buildReportService({
    reports: new MemoryReportRepository(new MemoryOutbox()),
    coverage: { associationsCovering: async () => associations },
    images: new MemoryImageStore(),
    imageProcessor: new SharpImageProcessor(),
    clock: { now: () => new Date('2026-06-01T12:00:00Z') },
    ids: { newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}` },
    randomBelow: () => id,
  });
  return createClient(ReportService, createRouterTransport(service.routes));
}

const request = {
  idempotencyId: 'idem-1',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: SwarmSize.BASKETBALL,
  elevationFeet: 10,
  address: '1 Oak St, Salem, OR, USA',
  internalNote: '',
  location: { latitude: 44.9429, longitude: -123.0351 },
};
const SALEM_BEES: ReportAssociation = { companyId: 'c-1', name: 'Salem Bees', donationUrl: '' };

describe('ReportService over Connect', () => {
  it('stores a report and lists the associations covering it', async () => {
    const client = reportClient([SALEM_BEES]);
    const { reportId, duplicate, replayed } = await client.submitReport(request);
    expect({ duplicate, replayed }).toEqual({ duplicate: false, replayed: false });
    expect((await client.listReportAssociations({ reportId })).associations).toMatchObject([{ companyId: 'c-1', name: 'Salem Bees', donationUrl: '' }]);
    expect((await client.getReport({ reportId })).report?.location).toMatchObject({ latitude: 44.9429, longitude: -123.0351 });
  });

  it('answers a second report at the address with duplicate and the first id', async () => {
    const client = reportClient([SALEM_BEES]);
    const first = await client.submitReport(request);
    const second = await client.submitReport({ ...request, idempotencyId: 'idem-2' });
    expect(second).toMatchObject({ reportId: first.reportId, duplicate: true });
  });

  it.each([
    ['no coverage', [], request, Code.NotFound, 'REPORT.NO_COVERAGE'],
    ['no location', [SALEM_BEES], { ...request, location: undefined }, Code.InvalidArgument, 'REPORT.ADDRESS_UNRESOLVED'],
    ['a picture that is not one', [SALEM_BEES], { ...request, image: new TextEncoder().encode('<html>') }, Code.InvalidArgument, 'REPORT.INVALID_IMAGE'],
  ] as const)('refuses %s with its Connect code and rule code', async (_case, associations, input, code, rule) => {
    const error = await connectErrorOf(reportClient([...associations]).submitReport(input));
    expect(error.code).toBe(code);
    expect(domainErrorCode(error)).toBe(rule);
  });

  it('answers NOT_FOUND for the associations of an unknown report', async () => {
    const error = await connectErrorOf(reportClient([]).listReportAssociations({ reportId: 'missing' }));
    expect(error.code).toBe(Code.NotFound);
  });
});
