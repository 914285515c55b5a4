import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, createRouterTransport } from '@connectrpc/connect';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { ClaimOutcome, ReportState, SwarmSize } from '@swarm/proto/report/v1/report';
import { domainErrorCode, fieldViolations, MemoryOutbox } from '@swarm/runtime';
import { connectErrorOf, plainPng } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import type { ReportAssociation } from '../../domain/report.js';
import { buildReportService } from '../../report-service.js';
import { MemoryImageStore } from '../memory/memory-image-store.js';
import { MemoryReportRepository } from '../memory/memory-report-repository.js';
import { InProcessReportLifecycleScheduler } from '../scheduler/in-process-report-lifecycle-scheduler.js';
import { SharpImageProcessor } from '../sharp/sharp-image-processor.js';

const SALEM = { latitude: 44.9429, longitude: -123.0351 };

function reportClient(
  associations: ReportAssociation[],
  clock = { now: new Date('2026-06-01T12:00:00Z') },
  reports = new MemoryReportRepository(new MemoryOutbox()),
) {
  return reportServiceOver(associations, clock, reports).client;
}

/** The service behind its Connect client, with its lifecycle timers in this process on the test's clock. */
function reportServiceOver(associations: ReportAssociation[], clock: { now: Date }, reports = new MemoryReportRepository(new MemoryOutbox())) {
  let id = 0;
  const timers = new InProcessReportLifecycleScheduler({ now: () => clock.now });
  const service = buildReportService({
    reports,
    coverage: {
      coverageOf: async () => ({
        members: associations.map(({ companyId, name }) => ({ memberId: `member-of-${companyId}`, distanceMiles: 1, companyId, companyName: name })),
        associations,
      }),
    },
    geocoder: {
      resolve: async (address: string) => {
        if (address === 'down') throw Object.assign(new Error('provider down'), { code: 'GEOCODER.UNAVAILABLE' });
        return address === 'Nowhere' ? undefined : { formattedAddress: address, ...SALEM };
      },
    },
    images: new MemoryImageStore(),
    imageProcessor: new SharpImageProcessor(),
    clock: { now: () => clock.now },
    ids: { newId: () => `00000000-0000-4000-8000-${String((id += 1)).padStart(12, '0')}` },
    randomBelow: () => id,
    timers,
  }, undefined, { reportActiveHours: 72, reporterDataDays: 30 });
  return { client: createClient(ReportService, createRouterTransport(service.routes)), service, timers };
}

const request = {
  idempotencyId: 'idem-1',
  reporterName: 'Ada',
  reporterPhone: '5551234567',
  size: 'Basketball',
  elevation: '10',
  address: '1 Oak St, Salem, OR, USA',
  recaptchaToken: 'token',
  internalNote: '',
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

  it("keeps the reporter's consent to texts, false when not sent", async () => {
    const reports = new MemoryReportRepository(new MemoryOutbox());
    const client = reportClient([SALEM_BEES], undefined, reports);
    const consenting = await client.submitReport({ ...request, reporterUpdates: 'true' });
    const silent = await client.submitReport({ ...request, idempotencyId: 'idem-2', address: '2 Oak St, Salem, OR, USA' });
    expect((await reports.findById(consenting.reportId))?.reporterUpdates).toBe(true);
    expect((await reports.findById(silent.reportId))?.reporterUpdates).toBe(false);
  });

  it('answers a second report at the address with duplicate and the first id', async () => {
    const client = reportClient([SALEM_BEES]);
    const first = await client.submitReport(request);
    const second = await client.submitReport({ ...request, idempotencyId: 'idem-2' });
    expect(second).toMatchObject({ reportId: first.reportId, duplicate: true });
  });

  it.each([
    ['no coverage', [], request, Code.NotFound, 'REPORT.NO_COVERAGE'],
    ['an address the geocoder cannot place', [SALEM_BEES], { ...request, address: 'Nowhere' }, Code.InvalidArgument, 'REPORT.ADDRESS_UNRESOLVED'],
    ['an address while the geocoder is down', [SALEM_BEES], { ...request, address: 'down' }, Code.Unavailable, 'GEOCODER.UNAVAILABLE'],
    ['a picture that is not one', [SALEM_BEES], { ...request, image: new TextEncoder().encode('<html>') }, Code.InvalidArgument, 'REPORT.INVALID_IMAGE'],
    // Not RESOURCE_EXHAUSTED, which callers take for a rate limit.
    ['a picture over the pixel limit', [SALEM_BEES], { ...request, image: plainPng(8000, 8000) }, Code.InvalidArgument, 'REPORT.IMAGE_TOO_LARGE'],
  ] as const)('refuses %s with its Connect code and rule code', async (_case, associations, input, code, rule) => {
    const error = await connectErrorOf(reportClient([...associations]).submitReport(input));
    expect(error.code).toBe(code);
    expect(domainErrorCode(error)).toBe(rule);
  });

  it('refuses a malformed form with INVALID_ARGUMENT and every broken rule as field violations', async () => {
    const error = await connectErrorOf(reportClient([SALEM_BEES]).submitReport({ ...request, reporterPhone: '12', elevation: '51' }));
    expect([error.code, domainErrorCode(error)]).toEqual([Code.InvalidArgument, 'REPORT.INVALID_SUBMISSION']);
    expect(fieldViolations(error)).toEqual(['Distance from Ground is out of range (0 to 50)', 'Phone is invalid (10 digts, only numbers)']);
  });

  it('checks only the form with validate_only, storing nothing', async () => {
    const client = reportClient([SALEM_BEES]);
    expect(await client.submitReport({ ...request, address: 'Nowhere', validateOnly: true })).toMatchObject({ reportId: '', duplicate: false, replayed: false });
    const refusal = await connectErrorOf(client.submitReport({ ...request, size: '', validateOnly: true }));
    expect(fieldViolations(refusal)).toEqual(['All fields must be filled out']);
    expect((await client.submitReport(request)).replayed).toBe(false);
  });

  it('answers NOT_FOUND for the associations of an unknown report', async () => {
    const error = await connectErrorOf(reportClient([]).listReportAssociations({ reportId: 'missing' }));
    expect(error.code).toBe(Code.NotFound);
  });
});

describe('claiming over Connect', () => {
  async function withReport() {
    const client = reportClient([SALEM_BEES]);
    const { reportId } = await client.submitReport(request);
    const alert = { reportId, companyId: 'c-1', companyName: 'Salem Bees', distanceMiles: 1.5 };
    await client.recordAlert({ ...alert, memberId: 'm-1', alertedAt: timestampFromDate(new Date('2026-06-01T12:00:00Z')) });
    await client.recordAlert({ ...alert, memberId: 'm-2' });
    return { client, reportId };
  }

  it('records alerts, answering the report state, NOT_FOUND for an unknown report and INVALID_ARGUMENT for a malformed alert', async () => {
    const { client, reportId } = await withReport();
    const alert = { companyId: 'c-1', companyName: 'Salem Bees', distanceMiles: 1 };
    expect((await client.recordAlert({ ...alert, reportId, memberId: 'm-3' })).state).toBe(ReportState.ACTIVE);
    const missing = await connectErrorOf(client.recordAlert({ ...alert, reportId: 'missing', memberId: 'm-1' }));
    expect([missing.code, domainErrorCode(missing)]).toEqual([Code.NotFound, 'REPORT.NOT_FOUND']);
    const malformed = await connectErrorOf(client.recordAlert({ reportId, memberId: 'm-4' }));
    expect([malformed.code, domainErrorCode(malformed)]).toEqual([Code.InvalidArgument, 'REPORT.INVALID_ALERT']);
  });

  it('claims by code with the sent alert attached for a member whose alert is not recorded yet', async () => {
    const { client, reportId } = await withReport();
    const { report } = await client.getReport({ reportId });
    const alertedAt = timestampFromDate(new Date('2026-06-01T12:00:00Z'));
    const claimed = await client.claimReportByCode({
      claimCode: report!.claimCode,
      memberId: 'm-7',
      alert: { reportId, companyId: 'c-1', companyName: 'Salem Bees', distanceMiles: 2, alertedAt },
    });
    expect(claimed).toMatchObject({ reportId, alreadyYours: false });
  });

  it('claims by id and by code, lists, gives details to the claimer, un-claims and marks bad', async () => {
    const { client, reportId } = await withReport();
    const active = await client.listActiveReportsForMember({ memberId: 'm-1' });
    expect(active.reports).toMatchObject([{ reportId, distanceMiles: 1.5, size: SwarmSize.BASKETBALL, elevationFeet: 10, hasImage: false }]);
    const claimCode = active.reports[0]!.claimCode;
    expect(await client.claimReportByCode({ claimCode, memberId: 'm-1' })).toMatchObject({ reportId, claimCode, alreadyYours: false });
    expect(await client.claimReport({ reportId, memberId: 'm-1' })).toMatchObject({ alreadyYours: true });
    const claimed = await client.listClaimedReportsForMember({ memberId: 'm-1' });
    expect(claimed.reports).toMatchObject([{ reportId, companyName: 'Salem Bees', canUnclaim: true }]);
    expect(timestampDate(claimed.reports[0]!.claimedAt!)).toEqual(new Date('2026-06-01T12:00:00Z'));
    expect(await client.getClaimDetails({ reportId, memberId: 'm-1' })).toMatchObject({
      address: request.address,
      reporterName: 'Ada',
      reporterPhone: '5551234567',
      location: { latitude: 44.9429, longitude: -123.0351 },
    });
    await client.unclaimReport({ reportId, memberId: 'm-1' });
    await client.claimReport({ reportId, memberId: 'm-2' });
    await client.markReportBad({ reportId, memberId: 'm-2', reason: 'Not honey bees' });
    expect((await client.listActiveReportsForMember({ memberId: 'm-1' })).reports).toEqual([]);
  });

  it.each([
    ['claim by a member not alerted', (c: Client, id: string) => c.claimReport({ reportId: id, memberId: 'm-9' }), Code.PermissionDenied, 'REPORT.NOT_ALERTED'],
    ['claim of a claimed report', (c: Client, id: string) => c.claimReport({ reportId: id, memberId: 'm-2' }), Code.FailedPrecondition, 'REPORT.ALREADY_CLAIMED'],
    ['claim of an unknown report', (c: Client) => c.claimReport({ reportId: 'missing', memberId: 'm-1' }), Code.NotFound, 'REPORT.NOT_FOUND'],
    ['claim by an unknown code', (c: Client) => c.claimReportByCode({ claimCode: '00000', memberId: 'm-1' }), Code.NotFound, 'REPORT.NOT_FOUND'],
    ['un-claim by another member', (c: Client, id: string) => c.unclaimReport({ reportId: id, memberId: 'm-2' }), Code.PermissionDenied, 'REPORT.NOT_CLAIMER'],
    ['mark bad without a reason', (c: Client, id: string) => c.markReportBad({ reportId: id, memberId: 'm-1', reason: '' }), Code.InvalidArgument, 'REPORT.INVALID_REASON'],
    ['details for another member', (c: Client, id: string) => c.getClaimDetails({ reportId: id, memberId: 'm-2' }), Code.PermissionDenied, 'REPORT.NOT_CLAIMER'],
    ['the picture for a member not alerted', (c: Client, id: string) => c.getReportImage({ reportId: id, memberId: 'm-9' }), Code.PermissionDenied, 'REPORT.NOT_ALERTED'],
    ['a picture that does not exist', (c: Client, id: string) => c.getReportImage({ reportId: id, memberId: 'm-1' }), Code.NotFound, 'REPORT.NO_IMAGE'],
  ] as const)('refuses %s with its Connect code and rule code', async (_case, call, code, rule) => {
    const { client, reportId } = await withReport();
    await client.claimReport({ reportId, memberId: 'm-1' });
    const error = await connectErrorOf(call(client, reportId));
    expect([error.code, domainErrorCode(error)]).toEqual([code, rule]);
  });

  it('refuses un-claim of a report not claimed with FAILED_PRECONDITION', async () => {
    const { client, reportId } = await withReport();
    const error = await connectErrorOf(client.unclaimReport({ reportId, memberId: 'm-1' }));
    expect([error.code, domainErrorCode(error)]).toEqual([Code.FailedPrecondition, 'REPORT.NOT_CLAIMED']);
  });
});

describe('the report lifecycle over Connect', () => {
  async function claimedReport() {
    const clock = { now: new Date('2026-06-01T12:00:00Z') };
    const { client, service, timers } = reportServiceOver([SALEM_BEES], clock);
    const { reportId } = await client.submitReport({ ...request, reporterUpdates: 'true' });
    await client.recordAlert({ reportId, memberId: 'm-1', companyId: 'c-1', companyName: 'Salem Bees', distanceMiles: 1 });
    await client.claimReport({ reportId, memberId: 'm-1' });
    return { client, clock, reportId, service, timers };
  }

  it('expires an active report when its timer comes due, not before', async () => {
    const clock = { now: new Date('2026-06-01T12:00:00Z') };
    const { client, service, timers } = reportServiceOver([SALEM_BEES], clock);
    const { reportId } = await client.submitReport(request);
    await service.lifecycle.armTimers.forLiveReports();
    await service.lifecycle.start();
    clock.now = new Date('2026-06-04T11:59:59Z');
    await timers.runDue();
    expect((await client.getReport({ reportId })).report?.state).toBe(ReportState.ACTIVE);
    clock.now = new Date('2026-06-04T12:00:00Z');
    await timers.runDue();
    expect((await client.getReport({ reportId })).report?.state).toBe(ReportState.EXPIRED);
    expect(await timers.pending()).toEqual([]);
    await timers.close();
  });

  it('closes a claimed report when its timer comes 72 hours after the claim; it stays in the claimer’s list, with the outcome recorded', async () => {
    const { client, clock, reportId, service, timers } = await claimedReport();
    await service.lifecycle.armTimers.forLiveReports();
    await service.lifecycle.start();
    expect(await timers.pending()).toEqual([{ kind: 'close', reportId, at: new Date('2026-06-04T12:00:00Z') }]);
    clock.now = new Date('2026-06-04T12:00:00Z');
    await timers.runDue();
    expect((await client.listClaimedReportsForMember({ memberId: 'm-1' })).reports).toMatchObject([{ reportId, canUnclaim: false }]);
    await timers.close();
    await client.recordClaimOutcome({ reportId, memberId: 'm-1', outcome: 'Captured' });
    const { reports } = await client.listClaimedReportsForMember({ memberId: 'm-1' });
    expect(reports).toMatchObject([{ reportId, canUnclaim: false, outcome: ClaimOutcome.CAPTURED }]);
  });

  it('lists a reporter’s live reports by the number as the SMS provider sends it, and answers what GONE did to each', async () => {
    const { client, reportId } = await claimedReport();
    const { report } = await client.getReport({ reportId });
    const live = { reportId, claimCode: report!.claimCode, state: ReportState.CLAIMED, memberId: 'm-1' };
    expect((await client.listLiveReportsByReporter({ reporterPhone: '+15551234567' })).reports).toMatchObject([live]);
    // Claimed without an outcome: the claimer is told, the report stays claimed and live.
    expect(await client.markDepartedByReporter({ reporterPhone: '+15551234567' })).toMatchObject({ departed: [], claimerTold: [live], settled: [] });
    expect((await client.getReport({ reportId })).report?.state).toBe(ReportState.CLAIMED);
    // With an outcome: settled, nothing changes.
    await client.recordClaimOutcome({ reportId, memberId: 'm-1', outcome: 'Captured' });
    expect(await client.markDepartedByReporter({ reporterPhone: '5551234567' })).toMatchObject({ departed: [], claimerTold: [], settled: [live] });
    expect((await client.listLiveReportsByReporter({ reporterPhone: '5551234567' })).reports).toMatchObject([live]);
    expect((await client.getReport({ reportId })).report?.state).toBe(ReportState.CLAIMED);
  });

  it.each([
    ['an outcome by another member', (c: Client, id: string) => c.recordClaimOutcome({ reportId: id, memberId: 'm-2', outcome: 'Other' }), Code.PermissionDenied, 'REPORT.NOT_CLAIMER'],
    ['an unspecified outcome', (c: Client, id: string) => c.recordClaimOutcome({ reportId: id, memberId: 'm-1', outcome: '' }), Code.InvalidArgument, 'REPORT.INVALID_OUTCOME'],
    ['an outcome of an unknown report', (c: Client) => c.recordClaimOutcome({ reportId: 'missing', memberId: 'm-1', outcome: 'Other' }), Code.NotFound, 'REPORT.NOT_FOUND'],
  ] as const)('refuses %s with its Connect code and rule code', async (_case, call, code, rule) => {
    const { client, reportId } = await claimedReport();
    const error = await connectErrorOf(call(client, reportId));
    expect([error.code, domainErrorCode(error)]).toEqual([code, rule]);
  });
});

type Client = ReturnType<typeof reportClient>;
