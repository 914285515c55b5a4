import { timestampDate } from '@bufbuild/protobuf/wkt';
import { ClaimOutcome } from '@swarm/proto/report/v1/report';
import {
  ClaimOutcomeRecordedEvent,
  MemoryOutbox,
  ReportClaimedEvent,
  ReportClosedEvent,
  ReportDepartedEvent,
  ReportExpiredEvent,
  ReportUnclaimedEvent,
  ReporterSaidGoneEvent,
  type OutboxMessage,
} from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryReportRepository } from '../adapters/memory/memory-report-repository.js';
import { aReport, anAlert } from '../adapters/report-repository.contract.js';
import type { Report } from '../domain/report.js';
import { ClaimReport } from './claim-report.js';
import { CloseClaimedReport } from './close-claimed-report.js';
import { ExpireReport } from './expire-report.js';
import { GetClaimDetails } from './get-claim-details.js';
import { ListActiveReportsForMember } from './list-active-reports-for-member.js';
import { ListClaimedReportsForMember } from './list-claimed-reports-for-member.js';
import { MarkReportBad } from './mark-report-bad.js';
import { RecordClaimOutcome } from './record-claim-outcome.js';
import { ListLiveReportsByReporter, MarkDepartedByReporter } from './reporter-reports.js';
import { UnclaimReport } from './unclaim-report.js';

const SUBMITTED_AT = new Date('2026-06-01T12:00:00.000Z');
const REPORTER = '5551234567';

/** Reports and the use cases of their lifecycle, on a clock the test moves, with REPORT_ACTIVE_HOURS = 48. */
describe('the report lifecycle: expiry, close, departure, outcome', () => {
  let outbox: MemoryOutbox;
  let reports: MemoryReportRepository;
  let now: Date;
  let ports: ConstructorParameters<typeof ExpireReport>[0];
  const settings = { reportActiveHours: 48 };
  let report: Report;

  const at = (iso: string) => {
    now = new Date(iso);
  };
  const messages = async (type?: string): Promise<OutboxMessage[]> => (await outbox.pending(1000)).filter((message) => !type || message.type === type);
  const stateOf = async (reportId = report.reportId) => (await reports.findById(reportId))?.state;

  beforeEach(async () => {
    outbox = new MemoryOutbox();
    reports = new MemoryReportRepository(outbox);
    now = SUBMITTED_AT;
    let id = 0;
    ports = { reports, clock: { now: () => now }, ids: { newId: () => `event-${(id += 1)}` } };
    report = aReport({ claimCode: '04242', reporterPhone: REPORTER, createdAt: SUBMITTED_AT });
    await reports.create(report, []);
    for (const memberId of ['m-1', 'm-2']) await reports.recordAlert(anAlert({ reportId: report.reportId, memberId }));
  });

  describe('ExpireReport', () => {
    it('does nothing before REPORT_ACTIVE_HOURS, and expires at exactly that time, once', async () => {
      const expire = new ExpireReport(ports, settings);
      at('2026-06-03T11:59:59.999Z');
      expect(await expire.execute(report.reportId)).toEqual({ expired: false, state: 'active' });
      at('2026-06-03T12:00:00.000Z');
      expect(await expire.execute(report.reportId)).toEqual({ expired: true, state: 'expired' });
      expect(await expire.execute(report.reportId)).toEqual({ expired: false, state: 'expired' });
      const [message, ...more] = await messages();
      expect(more).toEqual([]);
      expect(ReportExpiredEvent.decode(message!)).toMatchObject({ reportId: report.reportId });
      expect(timestampDate(ReportExpiredEvent.decode(message!).expiredAt!)).toEqual(now);
    });

    it('leaves every list and frees its claim code', async () => {
      at('2026-06-03T12:00:00.000Z');
      await new ExpireReport(ports, settings).execute(report.reportId);
      expect(await new ListActiveReportsForMember(reports).execute('m-1')).toEqual([]);
      await expect(new ClaimReport(ports).executeByCode('04242', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
      await expect(new ClaimReport(ports).execute(report.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
      expect(await reports.findFreeClaimCode('04242')).toBe('04242');
    });

    it('does not expire a claimed report, and counts again from an un-claim', async () => {
      const expire = new ExpireReport(ports, settings);
      at('2026-06-02T12:00:00.000Z');
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      at('2026-06-03T12:00:00.000Z');
      expect(await expire.execute(report.reportId)).toEqual({ expired: false, state: 'claimed' });
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      const unclaimed = ReportUnclaimedEvent.decode((await messages('report.unclaimed'))[0]!);
      expect(timestampDate(unclaimed.expiresAt!)).toEqual(new Date('2026-06-05T12:00:00.000Z'));
      at('2026-06-05T11:59:59.999Z');
      expect((await expire.execute(report.reportId)).expired).toBe(false);
      at('2026-06-05T12:00:00.000Z');
      expect((await expire.execute(report.reportId)).expired).toBe(true);
    });

    it('answers NOT_FOUND for an unknown report', async () => {
      await expect(new ExpireReport(ports, settings).execute('missing')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    });
  });

  describe('CloseClaimedReport', () => {
    beforeEach(async () => {
      at('2026-06-01T13:00:00.000Z');
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
    });

    it('announces with the claim when it closes, 72 hours later', async () => {
      const claimed = ReportClaimedEvent.decode((await messages('report.claimed'))[0]!);
      expect(timestampDate(claimed.closesAt!)).toEqual(new Date('2026-06-04T13:00:00.000Z'));
    });

    it('does nothing before 72 hours, closes at exactly 72 hours, once', async () => {
      const close = new CloseClaimedReport(ports);
      at('2026-06-04T12:59:59.999Z');
      expect(await close.execute(report.reportId)).toEqual({ closed: false });
      at('2026-06-04T13:00:00.000Z');
      expect(await close.execute(report.reportId)).toEqual({ closed: true });
      expect(await close.execute(report.reportId)).toEqual({ closed: false });
      const closed = await messages('report.closed');
      expect(closed).toHaveLength(1);
      expect(ReportClosedEvent.decode(closed[0]!)).toMatchObject({ reportId: report.reportId, memberId: 'm-1' });
    });

    it('keeps the report under Claimed Swarms, with its details for the claimer, and frees its claim code', async () => {
      at('2026-06-04T13:00:00.000Z');
      await new CloseClaimedReport(ports).execute(report.reportId);
      expect(await stateOf()).toBe('claimed');
      expect(await new ListClaimedReportsForMember(ports).execute('m-1')).toEqual([expect.objectContaining({ reportId: report.reportId, canUnclaim: false })]);
      expect((await new GetClaimDetails(reports).execute(report.reportId, 'm-1')).claimCode).toBe('04242');
      await expect(new UnclaimReport(ports, settings).execute(report.reportId, 'm-1')).rejects.toMatchObject({ code: 'REPORT.CLAIM_WINDOW_OVER' });
      await expect(new ClaimReport(ports).executeByCode('04242', 'm-1')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
      expect(await reports.findFreeClaimCode('04242')).toBe('04242');
    });

    it('leaves an un-claimed or bad report alone', async () => {
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      at('2026-06-04T13:00:00.000Z');
      expect(await new CloseClaimedReport(ports).execute(report.reportId)).toEqual({ closed: false });
      await expect(new CloseClaimedReport(ports).execute('missing')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
    });
  });

  describe('a reporter texting GONE', () => {
    it('lists the live reports of the number, ten digits or +1 and ten digits, newest first', async () => {
      at('2026-06-01T14:00:00.000Z');
      const second = aReport({ reporterPhone: REPORTER, createdAt: now });
      await reports.create(second, []);
      await reports.create(aReport({ reporterPhone: '5550000000' }), []);
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      const list = new ListLiveReportsByReporter(reports);
      const expected = [
        { reportId: second.reportId, claimCode: second.claimCode, state: 'active', memberId: '' },
        { reportId: report.reportId, claimCode: '04242', state: 'claimed', memberId: 'm-1' },
      ];
      expect(await list.execute(REPORTER)).toEqual(expected);
      expect(await list.execute(`+1${REPORTER}`)).toEqual(expected);
      expect(await list.execute('+44 20 7946 0000')).toEqual([]);
      expect(await list.execute('')).toEqual([]);
    });

    it('makes an active report of the number depart, once: it leaves every list and frees its code', async () => {
      const elsewhere = aReport({ reporterPhone: '5550000000' });
      await reports.create(elsewhere, []);
      at('2026-06-01T15:00:00.000Z');
      const depart = new MarkDepartedByReporter(ports);
      const live = { reportId: report.reportId, claimCode: '04242', state: 'active', memberId: '' };
      expect(await depart.execute(`+1${REPORTER}`)).toEqual({ departed: [live], claimerTold: [], settled: [] });
      expect(await depart.execute(REPORTER)).toEqual({ departed: [], claimerTold: [], settled: [] });
      expect([await stateOf(), await stateOf(elsewhere.reportId)]).toEqual(['departed', 'active']);
      const departed = (await messages('report.departed')).map((message) => ReportDepartedEvent.decode(message));
      expect(departed.map(({ reportId, memberId, claimCode }) => ({ reportId, memberId, claimCode }))).toEqual([{ reportId: report.reportId, memberId: '', claimCode: '04242' }]);
      expect(timestampDate(departed[0]!.departedAt!)).toEqual(now);
      expect(await new ListActiveReportsForMember(reports).execute('m-1')).toEqual([]);
      expect(await reports.findFreeClaimCode('04242')).toBe('04242');
    });

    it('keeps a claimed report without an outcome under Claimed Swarms and marks it once for its claimer to be told', async () => {
      at('2026-06-01T13:00:00.000Z');
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      at('2026-06-01T15:00:00.000Z');
      const gone = new MarkDepartedByReporter(ports);
      const held = { reportId: report.reportId, claimCode: '04242', state: 'claimed', memberId: 'm-1' };
      expect(await gone.execute(REPORTER)).toEqual({ departed: [], claimerTold: [held], settled: [] });
      at('2026-06-01T15:05:00.000Z');
      expect(await gone.execute(REPORTER)).toEqual({ departed: [], claimerTold: [held], settled: [] });

      expect(await stateOf()).toBe('claimed');
      expect((await reports.findById(report.reportId))?.claim?.reporterSaidGoneAt).toEqual(new Date('2026-06-01T15:00:00.000Z'));
      expect(await messages('report.departed')).toEqual([]);
      const told = (await messages('report.reporter_said_gone')).map((message) => ReporterSaidGoneEvent.decode(message));
      expect(told.map(({ reportId, memberId, claimCode }) => ({ reportId, memberId, claimCode }))).toEqual([{ reportId: report.reportId, memberId: 'm-1', claimCode: '04242' }]);
      expect(timestampDate(told[0]!.saidAt!)).toEqual(new Date('2026-06-01T15:00:00.000Z'));

      // Still the claimer's: listed, its code held, and what happened can be recorded.
      expect((await new ListClaimedReportsForMember(ports).execute('m-1')).map((row) => row.reportId)).toEqual([report.reportId]);
      expect((await reports.findLiveByClaimCode('04242'))?.reportId).toBe(report.reportId);
      await new RecordClaimOutcome(ports).execute(report.reportId, 'm-1', 'Gone before arrival');
      expect((await new ListClaimedReportsForMember(ports).execute('m-1'))[0]?.outcome).toBe('Gone before arrival');
    });

    it('changes nothing and tells nobody once the claimer recorded an outcome', async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      await new RecordClaimOutcome(ports).execute(report.reportId, 'm-1', 'Captured');
      const before = await reports.findById(report.reportId);
      const eventsBefore = await messages();
      at('2026-06-01T18:00:00.000Z');
      expect(await new MarkDepartedByReporter(ports).execute(REPORTER)).toEqual({
        departed: [],
        claimerTold: [],
        settled: [{ reportId: report.reportId, claimCode: '04242', state: 'claimed', memberId: 'm-1' }],
      });
      expect(await reports.findById(report.reportId)).toEqual(before);
      expect(await messages()).toEqual(eventsBefore);
      expect((await new ListClaimedReportsForMember(ports).execute('m-1'))[0]).toMatchObject({ reportId: report.reportId, outcome: 'Captured' });
    });

    it('forgets an earlier GONE when the claimer gives the report back, so the next claimer is told too', async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
      await new MarkDepartedByReporter(ports).execute(REPORTER);
      at('2026-06-01T13:00:00.000Z');
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      await new ClaimReport(ports).execute(report.reportId, 'm-2');
      expect((await new MarkDepartedByReporter(ports).execute(REPORTER)).claimerTold).toMatchObject([{ memberId: 'm-2' }]);
      expect((await messages('report.reporter_said_gone')).map((message) => ReporterSaidGoneEvent.decode(message).memberId)).toEqual(['m-1', 'm-2']);
    });

    it('leaves closed, expired and bad reports of the number alone', async () => {
      const claimedAndClosed = aReport({ reporterPhone: REPORTER });
      const bad = aReport({ reporterPhone: REPORTER });
      for (const created of [claimedAndClosed, bad]) {
        await reports.create(created, []);
        await reports.recordAlert(anAlert({ reportId: created.reportId, memberId: 'm-1' }));
        await new ClaimReport(ports).execute(created.reportId, 'm-1');
      }
      await new MarkReportBad(ports).execute(bad.reportId, 'm-1', 'Other');
      at('2026-06-04T12:00:00.000Z');
      await new CloseClaimedReport(ports).execute(claimedAndClosed.reportId);
      await new ExpireReport(ports, settings).execute(report.reportId);
      expect(await new MarkDepartedByReporter(ports).execute(REPORTER)).toEqual({ departed: [], claimerTold: [], settled: [] });
      expect(await messages('report.departed')).toEqual([]);
      expect(await messages('report.reporter_said_gone')).toEqual([]);
    });
  });

  describe('RecordClaimOutcome', () => {
    beforeEach(async () => {
      await new ClaimReport(ports).execute(report.reportId, 'm-1');
    });

    it('records the claimer’s outcome, shows it under Claimed Swarms, and announces each change', async () => {
      const record = new RecordClaimOutcome(ports);
      at('2026-06-01T16:00:00.000Z');
      await record.execute(report.reportId, 'm-1', 'Captured');
      expect((await new ListClaimedReportsForMember(ports).execute('m-1'))[0]?.outcome).toBe('Captured');
      await record.execute(report.reportId, 'm-1', 'Captured');
      at('2026-06-01T17:00:00.000Z');
      await record.execute(report.reportId, 'm-1', 'Not honey bees');
      const recorded = (await messages('report.outcome_recorded')).map((message) => ClaimOutcomeRecordedEvent.decode(message));
      expect(recorded.map(({ reportId, memberId, outcome }) => ({ reportId, memberId, outcome }))).toEqual([
        { reportId: report.reportId, memberId: 'm-1', outcome: ClaimOutcome.CAPTURED },
        { reportId: report.reportId, memberId: 'm-1', outcome: ClaimOutcome.NOT_HONEY_BEES },
      ]);
      expect(timestampDate(recorded[1]!.recordedAt!)).toEqual(now);
    });

    it('lets the claimer record it long after the claim closed', async () => {
      at('2026-06-20T12:00:00.000Z');
      await new CloseClaimedReport(ports).execute(report.reportId);
      await new RecordClaimOutcome(ports).execute(report.reportId, 'm-1', 'Could not reach');
      expect((await reports.findById(report.reportId))?.claim?.outcome).toBe('Could not reach');
    });

    it('refuses anyone but the claimer, an unknown outcome and an unknown report, recording nothing', async () => {
      const record = new RecordClaimOutcome(ports);
      await expect(record.execute(report.reportId, 'm-2', 'Captured')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
      await expect(record.execute(report.reportId, 'm-1', 'Eaten by a bear')).rejects.toMatchObject({ code: 'REPORT.INVALID_OUTCOME' });
      await expect(record.execute('missing', 'm-1', 'Captured')).rejects.toMatchObject({ code: 'REPORT.NOT_FOUND' });
      await new UnclaimReport(ports, settings).execute(report.reportId, 'm-1');
      await expect(record.execute(report.reportId, 'm-1', 'Captured')).rejects.toMatchObject({ code: 'REPORT.NOT_CLAIMER' });
      expect(await messages('report.outcome_recorded')).toEqual([]);
    });
  });
});
