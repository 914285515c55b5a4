import { BadReportReason } from '@swarm/proto/report/v1/report';
import { MemoryOutbox, ReportClaimedEvent, ReportMarkedBadEvent, ReportUnclaimedEvent } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { aReport, anAlert } from '../adapters/report-repository.contract.js';
import { ClaimReport } from './claim-report.js';
import { MarkReportBad } from './mark-report-bad.js';
import { RecordAlert } from './record-alert.js';
import { UnclaimReport } from './unclaim-report.js';

describe('claiming, un-claiming and marking bad', () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let now: Date;
  let ports: ConstructorParameters<typeof ClaimReport>[0];
  let claim: ClaimReport;
  let unclaim: UnclaimReport;
  let markBad: MarkReportBad;
  const report = aReport({ claimCode: '04242' });

  beforeEach(async () => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    now = new Date('2026-06-01T12:00:00Z');
    let id = 0;
    ports = { reports, clock: { now: () => now }, ids: { newId: () => `event-${(id += 1)}` } };
    claim = new ClaimReport(ports);
    unclaim = new UnclaimReport(ports);
    markBad = new MarkReportBad(ports);
    await reports.create(report, []);
    const recordAlert = new RecordAlert(ports);
    for (const memberId of ['m-1', 'm-2']) await recordAlert.execute(anAlert({ reportId: report.reportId, memberId }));
  });

  const events = async () => (await outbox.pending(1000)).map((message) => message.type);

  it('claims for an alerted member and announces it', async () => {
    expect(await claim.execute(report.reportId, 'm-1')).toEqual({ reportId: report.reportId, claimCode: '04242', alreadyYours: false });
    expect((await reports.findById(report.reportId))?.claim).toEqual({ memberId: 'm-1', claimedAt: now });
    const [message] = await outbox.pending(10);
    expect(ReportClaimedEvent.decode(message!)).toMatchObject({ reportId: report.reportId, memberId: 'm-1' });
  });

  it('answers already-yours to the holder claiming again, announcing nothing more', async () => {
    await claim.execute(report.reportId, 'm-1');
    expect((await claim.execute(report.reportId, 'm-1')).alreadyYours).toBe(true);
    expect(await events()).toEqual(['report.claimed']);
  });

  it('refuses another member and a member not alerted', async () => {
    await claim.execute(report.reportId, 'm-1');
    await expect(claim.execute(report.reportId, 'm-2')).rejects.toMatchObject({ code: 'REPORT.ALREADY_CLAIMED' });
    await expect(claim.execute(report.reportId, 'm-9')).rejects.toMatchObject({ code: 'REPORT.NOT_ALERTED' });
    await expect(claim.execute('missing', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
  });

  describe('by code with the alert the notification service sent attached (the reply overtook alert.sent)', () => {
    const sentAlert = { reportId: report.reportId, companyId: 'c-2', companyName: 'Salem Bees', distanceMiles: 4.5, alertedAt: new Date('2026-06-01T11:59:00Z') };

    it('records the alert first and claims', async () => {
      expect(await claim.executeByCode('04242', 'm-9', sentAlert)).toMatchObject({ reportId: report.reportId, alreadyYours: false });
      expect(await reports.findAlert(report.reportId, 'm-9')).toEqual({ ...sentAlert, memberId: 'm-9' });
    });

    it('ignores an alert about another report, and keeps an alert already recorded', async () => {
      await expect(claim.executeByCode('04242', 'm-9', { ...sentAlert, reportId: 'another' })).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
      expect(await reports.findAlert(report.reportId, 'm-9')).toBeUndefined();
      const recorded = await reports.findAlert(report.reportId, 'm-1');
      await claim.executeByCode('04242', 'm-1', sentAlert);
      expect(await reports.findAlert(report.reportId, 'm-1')).toEqual(recorded);
    });

    it('refuses a malformed alert and records nothing', async () => {
      await expect(claim.executeByCode('04242', 'm-9', { ...sentAlert, distanceMiles: Number.NaN })).rejects.toMatchObject({ code: 'REPORT.INVALID_ALERT' });
      expect(await reports.findAlert(report.reportId, 'm-9')).toBeUndefined();
      expect((await reports.findById(report.reportId))?.state).toBe('active');
    });
  });

  it('claims by code only a live report the member was alerted about', async () => {
    await expect(claim.executeByCode('04242', 'm-9')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    await expect(claim.executeByCode('99999', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    await expect(claim.executeByCode('abc', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    expect(await claim.executeByCode(' 04242 ', 'm-1')).toEqual({ reportId: report.reportId, claimCode: '04242', alreadyYours: false });
    await expect(claim.executeByCode('04242', 'm-2')).rejects.toMatchObject({ code: 'REPORT.ALREADY_CLAIMED' });
  });

  it('gives one winner among 100 concurrent claims by id and by code, the others told it is claimed', async () => {
    const recordAlert = new RecordAlert(ports);
    const members = Array.from({ length: 100 }, (_, index) => `racer-${index}`);
    for (const memberId of members) await recordAlert.execute(anAlert({ reportId: report.reportId, memberId }));
    const outcomes = await Promise.allSettled(
      members.map((memberId, index) => (index % 2 === 0 ? claim.execute(report.reportId, memberId) : claim.executeByCode('04242', memberId))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [(outcome.reason as { code: string }).code] : []));
    expect(new Set(refusals)).toEqual(new Set(['REPORT.ALREADY_CLAIMED']));
    expect(await events()).toEqual(['report.claimed']);
  });

  it('un-claims within 72 hours, making the report claimable by another member', async () => {
    await claim.execute(report.reportId, 'm-1');
    now = new Date('2026-06-04T11:59:59Z');
    await expect(unclaim.execute(report.reportId, 'm-2')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
    await unclaim.execute(report.reportId, 'm-1');
    expect((await reports.findById(report.reportId))?.state).toBe('active');
    await expect(unclaim.execute(report.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMED' });
    expect((await claim.execute(report.reportId, 'm-2')).alreadyYours).toBe(false);
    const messages = await outbox.pending(10);
    expect(messages.map((message) => message.type)).toEqual(['report.claimed', 'report.unclaimed', 'report.claimed']);
    expect(new Set(messages.map((message) => message.id)).size).toBe(3);
    expect(ReportUnclaimedEvent.decode(messages[1]!)).toMatchObject({ memberId: 'm-1' });
  });

  it('refuses un-claim and mark-as-bad once 72 hours have passed', async () => {
    await claim.execute(report.reportId, 'm-1');
    now = new Date('2026-06-04T12:00:00Z');
    await expect(unclaim.execute(report.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.CLAIM_WINDOW_OVER' });
    await expect(markBad.execute(report.reportId, 'm-1', 'Other')).rejects.toMatchObject({ code: 'REPORT.CLAIM_WINDOW_OVER' });
    expect(await events()).toEqual(['report.claimed']);
  });

  it('marks bad with a reason; the report is then gone for everyone', async () => {
    await claim.execute(report.reportId, 'm-1');
    await expect(markBad.execute(report.reportId, 'm-1', 'Wasps')).rejects.toMatchObject({ code: 'REPORT.INVALID_REASON' });
    await expect(markBad.execute(report.reportId, 'm-2', 'Other')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
    await markBad.execute(report.reportId, 'm-1', 'Swarm moved into structure');
    expect((await reports.findById(report.reportId))?.bad).toEqual({ reason: 'Swarm moved into structure', markedAt: now });
    await expect(claim.execute(report.reportId, 'm-2')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    await expect(unclaim.execute(report.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    const messages = await outbox.pending(10);
    expect(ReportMarkedBadEvent.decode(messages[1]!)).toMatchObject({ memberId: 'm-1', reason: BadReportReason.MOVED_INTO_STRUCTURE });
  });

  it('refuses to mark bad an active report', async () => {
    await expect(markBad.execute(report.reportId, 'm-1', 'Other')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMED' });
  });
});
