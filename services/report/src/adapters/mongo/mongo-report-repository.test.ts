import { MongoOutbox, RecoveringOutbox } from '@swarm/runtime/mongo';
import type { OutboxMessage } from '@swarm/runtime';
import { mongoSuite } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { reportSubmitted } from '../../domain/report-events.js';
import { aReport, claimed, reportRepositoryContract, unclaimed } from '../report-repository.contract.js';
import { MongoReportRepository } from './mongo-report-repository.js';

/** An outbox whose appends fail while `failing` is set: a crash or lost connection right after the state change. */
class FlakyOutbox extends MongoOutbox {
  failing = false;
  override async appendIfAbsent(messages: OutboxMessage[]): Promise<void> {
    if (this.failing) throw new Error('connection lost');
    return super.appendIfAbsent(messages);
  }
}

mongoSuite('ReportRepository contract: MongoDB', (newDatabase, target) => {
  reportRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const reports = new MongoReportRepository(db, outbox);
    await reports.ensureIndexes();
    return { reports, outbox };
  });

  it('stores every one of many reports submitted at once, each with its event', async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const reports = new MongoReportRepository(db, outbox);
    await reports.ensureIndexes();
    const submitted = Array.from({ length: 80 }, (_, index) => aReport({ claimCode: String(20_000 + index) }));
    for (let start = 0; start < submitted.length; start += 8) {
      const wave = submitted.slice(start, start + 8);
      expect(await Promise.all(wave.map((report) => reports.create(report, [reportSubmitted(report, `event-${report.reportId}`, [])])))).toEqual(wave.map(() => 'created'));
    }
    const stored = await reports.findByIds(submitted.map((report) => report.reportId));
    expect(stored.map((report) => report.reportId).sort()).toEqual(submitted.map((report) => report.reportId).sort());
    const events = await new RecoveringOutbox(outbox, [reports]).pending(1_000);
    expect(events.map((event) => event.id).sort()).toEqual(submitted.map((report) => `event-${report.reportId}`).sort());
  });

  it('reads a report stored before consent and expiry as active since its creation without consent, and expires it', async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const reports = new MongoReportRepository(db, outbox);
    await reports.ensureIndexes();
    const report = aReport({ reporterUpdates: true });
    await reports.create(report, []);
    await db.collection('reports').updateOne({ _id: report.reportId as never }, { $unset: { activeSince: '', reporterUpdates: '', reporterLanguage: '' } });
    const legacy = { ...report, reporterUpdates: false, reporterLanguage: 'en', activeSince: report.createdAt };
    expect(await reports.findById(report.reportId)).toEqual(legacy);
    const expiredAt = new Date('2026-05-04T10:00:00.000Z');
    expect(await reports.expire(report.reportId, report.createdAt, expiredAt, { kind: 'report.expired', eventId: 'e-1', reportId: report.reportId, expiredAt })).toBe(true);
    expect((await reports.findById(report.reportId))?.state).toBe('expired');
  });

  it('records at start when reports that ended before their end was recorded ended, so their reporter data is erased in turn', async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const reports = new MongoReportRepository(db, outbox);
    await reports.ensureIndexes();
    const expiredAt = new Date('2026-05-04T10:00:00.000Z');
    const report = aReport();
    await reports.create(report, []);
    await reports.expire(report.reportId, report.activeSince, expiredAt, { kind: 'report.expired', eventId: 'e-legacy', reportId: report.reportId, expiredAt });
    // As a database from before ends were recorded has it: no end on the report, no note of the backfill.
    await db.collection('reports').updateOne({ _id: report.reportId as never }, { $unset: { endedAt: '', awaitingErasureSince: '' } });
    await db.collection('report_backfills').deleteOne({ _id: 'ended-at' as never });
    expect(await reports.findEndedAwaitingErasure(new Date('2026-07-01T00:00:00.000Z'), 10)).toEqual([]);
    await new MongoReportRepository(db, outbox).ensureIndexes();
    expect((await reports.findEndedAwaitingErasure(new Date('2026-07-01T00:00:00.000Z'), 10)).map(({ reportId, endedAt }) => [reportId, endedAt])).toEqual([[report.reportId, expiredAt]]);
  });

  describe('events parked on the report', () => {
    const claimedAt = new Date('2026-05-01T11:00:00.000Z');

    async function setUp() {
      const { db } = await newDatabase();
      const outbox = new FlakyOutbox(db);
      const reports = new MongoReportRepository(db, outbox);
      await reports.ensureIndexes();
      const report = aReport();
      await reports.create(report, []);
      return { outbox, reports, report, relayed: new RecoveringOutbox(outbox, [reports]) };
    }

    it('keeps a new report and moves its event to the outbox later when the outbox write failed', async () => {
      const { outbox, reports, relayed } = await setUp();
      outbox.failing = true;
      const report = aReport();
      expect(await reports.create(report, [reportSubmitted(report, 'submitted-1', [])])).toBe('created');
      expect(await reports.findById(report.reportId)).toEqual(report);
      expect(await outbox.pending(10)).toEqual([]);
      outbox.failing = false;
      expect((await relayed.pending(10)).map((message) => [message.id, message.type])).toEqual([['submitted-1', 'report.submitted']]);
    });

    it('keeps the claim and moves its event to the outbox later when the outbox write failed', async () => {
      const { outbox, reports, report, relayed } = await setUp();
      outbox.failing = true;
      const claim = { memberId: 'member-1', claimedAt };
      expect(await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', 'claim-1', claimedAt))).toBe(true);
      expect((await reports.findById(report.reportId))?.claim).toEqual(claim);
      expect(await outbox.pending(10)).toEqual([]);
      outbox.failing = false;
      expect((await relayed.pending(10)).map((message) => [message.id, message.type])).toEqual([['claim-1', 'report.claimed']]);
      await relayed.markPublished(['claim-1']);
      expect(await relayed.pending(10)).toEqual([]);
    });

    it('moves a parked event before the next transition rather than overwriting it', async () => {
      const { outbox, reports, report, relayed } = await setUp();
      outbox.failing = true;
      const claim = { memberId: 'member-1', claimedAt };
      await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', 'claim-1', claimedAt));
      outbox.failing = false;
      const unclaimedAt = new Date('2026-05-01T12:00:00.000Z');
      expect(await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-1', unclaimedAt))).toBe(true);
      expect((await relayed.pending(10)).map((message) => message.id)).toEqual(['claim-1', 'unclaim-1']);
    });
  });
}, {
  allowedScans: Object.fromEntries(
    ['expiredAt', 'closedAt', 'departedAt', 'markedBadAt'].map((field) => [
      `reports by {endedAt, ${field}}`,
      'the one-time record of when reports ended before their end was recorded, once per database, before the service serves',
    ]),
  ),
});
