import { claimOutcomes, type ClaimOutcomeLabel } from '@swarm/proto/labels';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxStore } from '@swarm/runtime';
import type { ReportRepository } from '../app/ports.js';
import type { ClaimOutcome, Report, ReportClaim } from '../domain/report.js';
import type { MemberAlert } from '../domain/member-alert.js';
import {
  reporterDataErased,
  reportSubmitted,
  type ClaimOutcomeRecorded,
  type ReportClaimed,
  type ReportClosed,
  type ReportDeparted,
  type ReporterSaidGone,
  type ReportExpired,
  type ReportMarkedBad,
  type ReportUnclaimed,
} from '../domain/report-events.js';
import { closesAt, expiresAt } from '../domain/lifecycle.js';
import { addressKey } from '../domain/duplicate-report.js';
import { reporterDataErasure, retentionCutoff } from '../domain/retention.js';

/** Outcomes other than 'Captured' by their place in the one label list, which the prompt numbers 1 to 5. */
function outcomeNumbered(number: number): ClaimOutcomeLabel {
  const label = claimOutcomes.labels[number - 1];
  if (!label) throw new Error(`no claim outcome ${number}`);
  return label;
}
const GONE_BEFORE_ARRIVAL = outcomeNumbered(2);
const COULD_NOT_REACH = outcomeNumbered(4);

let sequence = 0;
export function aReport(overrides: Partial<Report> = {}): Report {
  sequence += 1;
  const createdAt = overrides.createdAt ?? new Date('2026-05-01T10:00:00.000Z');
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
    reporterUpdates: false,
    reporterLanguage: 'en',
    createdAt,
    activeSince: createdAt,
    ...overrides,
  };
}

const CLAIMED_AT = new Date('2026-05-01T11:00:00.000Z');

const UNCLAIMED_AT = new Date('2026-05-01T12:00:00.000Z');

export function claimed(reportId: string, memberId: string, eventId: string, claimedAt = CLAIMED_AT): ReportClaimed {
  return { kind: 'report.claimed', eventId, reportId, memberId, claimedAt, closesAt: closesAt(claimedAt) };
}

export function unclaimed(reportId: string, memberId: string, eventId: string, unclaimedAt = UNCLAIMED_AT): ReportUnclaimed {
  return { kind: 'report.unclaimed', eventId, reportId, memberId, unclaimedAt, expiresAt: expiresAt(unclaimedAt, 72) };
}

function expired(reportId: string, eventId: string, expiredAt: Date): ReportExpired {
  return { kind: 'report.expired', eventId, reportId, expiredAt };
}

function closed(reportId: string, memberId: string, eventId: string, closedAt: Date): ReportClosed {
  return { kind: 'report.closed', eventId, reportId, memberId, closedAt };
}

function departed(report: Report, memberId: string, eventId: string, departedAt: Date): ReportDeparted {
  return { kind: 'report.departed', eventId, reportId: report.reportId, memberId, claimCode: report.claimCode, departedAt };
}

function reporterSaidGone(report: Report, eventId: string, saidAt: Date): ReporterSaidGone {
  return { kind: 'report.reporter_said_gone', eventId, reportId: report.reportId, memberId: 'member-1', claimCode: report.claimCode, saidAt };
}

function outcomeRecorded(reportId: string, memberId: string, eventId: string, outcome: ClaimOutcome): ClaimOutcomeRecorded {
  return { kind: 'report.outcome_recorded', eventId, reportId, memberId, outcome, recordedAt: new Date('2026-05-02T09:00:00.000Z') };
}

function markedBad(reportId: string, memberId: string, eventId: string): ReportMarkedBad {
  return { kind: 'report.marked_bad', eventId, reportId, memberId, reason: 'Swarm moved on', markedAt: new Date('2026-05-01T12:00:00.000Z') };
}

export function anAlert(overrides: Partial<MemberAlert> = {}): MemberAlert {
  return {
    reportId: 'report-x',
    memberId: 'member-1',
    companyId: 'company-1',
    companyName: 'Portland Beekeepers',
    distanceMiles: 3.25,
    alertedAt: new Date('2026-05-01T10:05:00.000Z'),
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

    it('hands out copies: changing a found report changes nothing stored', async () => {
      const report = aReport({ address: '3 Comb Court' });
      await reports.create(report, []);
      const found = (await reports.findByIdempotencyId(report.idempotencyId))!;
      found.state = 'bad';
      found.address = 'elsewhere';
      expect(await reports.findById(report.reportId)).toEqual(report);
      expect((await reports.findLiveAtAddressSince(addressKey('3 Comb Court'), report.createdAt)).map((live) => live.reportId)).toEqual([report.reportId]);
    });

    it('finds nothing for unknown ids', async () => {
      expect(await reports.findById('missing')).toBeUndefined();
      expect(await reports.findByIdempotencyId('missing')).toBeUndefined();
    });

    it('stores the events with the report, in its outbox', async () => {
      const report = aReport();
      await reports.create(report, [reportSubmitted(report, 'event-1', [])]);
      const pending = await outbox.pending(10);
      expect(pending.map((message) => [message.id, message.type])).toEqual([['event-1', 'report.submitted']]);
    });

    it('appends the event of an unserved report to its outbox once per event id, storing no report', async () => {
      const unserved = { kind: 'report.unserved', eventId: 'report-unserved--idem-9', h3Cell: '8728f0023ffffff', refusedAt: new Date('2026-06-01T12:00:00Z'), size: 'Softball' } as const;
      await reports.recordUnserved(unserved);
      await reports.recordUnserved(unserved);
      expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([['report-unserved--idem-9', 'report.unserved']]);
    });

    it('refuses a second report with the same idempotency id and stores neither it nor its events', async () => {
      const first = aReport();
      await reports.create(first, [reportSubmitted(first, 'event-first', [])]);
      const second = aReport({ idempotencyId: first.idempotencyId });
      expect(await reports.create(second, [reportSubmitted(second, 'event-second', [])])).toBe('idempotency-id-taken');
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
      await reports.create(report, [reportSubmitted(report, 'event-2', [])]);
      await outbox.markPublished(['event-2']);
      expect(await outbox.pending(10)).toEqual([]);
    });

    describe('claim transitions', () => {
      it('claims an active report once, storing the claim and its event together', async () => {
        const report = aReport();
        await reports.create(report, []);
        const claim = { memberId: 'member-1', claimedAt: CLAIMED_AT };
        expect(await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', 'claim-1'))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'claimed', claim });
        expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([['claim-1', 'report.claimed']]);
        expect(await reports.claim(report.reportId, { memberId: 'member-2', claimedAt: CLAIMED_AT }, claimed(report.reportId, 'member-2', 'claim-2'))).toBe(false);
        expect((await reports.findById(report.reportId))?.claim?.memberId).toBe('member-1');
        expect((await outbox.pending(10)).map((message) => message.id)).toEqual(['claim-1']);
      });

      it('does not claim an unknown or bad report', async () => {
        const bad = aReport({ state: 'bad' });
        await reports.create(bad, []);
        expect(await reports.claim(bad.reportId, { memberId: 'm', claimedAt: CLAIMED_AT }, claimed(bad.reportId, 'm', 'e-1'))).toBe(false);
        expect(await reports.claim('missing', { memberId: 'm', claimedAt: CLAIMED_AT }, claimed('missing', 'm', 'e-2'))).toBe(false);
        expect(await outbox.pending(10)).toEqual([]);
      });

      it('lets exactly one of 100 concurrent claims by different members win, with one event', async () => {
        const report = aReport();
        await reports.create(report, []);
        const outcomes = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            reports.claim(report.reportId, { memberId: `member-${index}`, claimedAt: CLAIMED_AT }, claimed(report.reportId, `member-${index}`, `claim-${index}`)),
          ),
        );
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        const winner = `member-${outcomes.indexOf(true)}`;
        expect((await reports.findById(report.reportId))?.claim?.memberId).toBe(winner);
        const events = await outbox.pending(200);
        expect(events.map((message) => message.id)).toEqual([`claim-${outcomes.indexOf(true)}`]);
      });

      it('un-claims only the same claim, back to active without a claim; a new claim is a new event', async () => {
        const report = aReport();
        await reports.create(report, []);
        const claim = { memberId: 'member-1', claimedAt: CLAIMED_AT };
        await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', 'claim-1'));
        const other = { memberId: 'member-2', claimedAt: CLAIMED_AT };
        expect(await reports.unclaim(report.reportId, other, unclaimed(report.reportId, 'member-2', 'x'))).toBe(false);
        const earlier = { memberId: 'member-1', claimedAt: new Date(CLAIMED_AT.getTime() - 1000) };
        expect(await reports.unclaim(report.reportId, earlier, unclaimed(report.reportId, 'member-1', 'y'))).toBe(false);
        expect(await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-1'))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, activeSince: UNCLAIMED_AT });
        expect(await reports.findClaimedBy('member-1')).toEqual([]);
        expect((await reports.findLiveByClaimCode(report.claimCode))?.reportId).toBe(report.reportId);
        expect(await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-2'))).toBe(false);
        const again = { memberId: 'member-2', claimedAt: new Date('2026-05-01T13:00:00.000Z') };
        expect(await reports.claim(report.reportId, again, claimed(report.reportId, 'member-2', 'claim-2', again.claimedAt))).toBe(true);
        expect((await reports.findClaimedBy('member-2')).map((found) => found.reportId)).toEqual([report.reportId]);
        expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([
          ['claim-1', 'report.claimed'],
          ['unclaim-1', 'report.unclaimed'],
          ['claim-2', 'report.claimed'],
        ]);
      });

      it('marks a claimed report bad, keeping claim and reason, freeing its claim code', async () => {
        const report = aReport({ claimCode: '24680' });
        await reports.create(report, []);
        const claim = { memberId: 'member-1', claimedAt: CLAIMED_AT };
        await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', 'claim-1'));
        const bad = { reason: 'Swarm moved on' as const, markedAt: new Date('2026-05-01T12:00:00.000Z') };
        expect(await reports.markBad(report.reportId, { memberId: 'member-2', claimedAt: CLAIMED_AT }, bad, markedBad(report.reportId, 'member-2', 'x'))).toBe(false);
        expect(await reports.markBad(report.reportId, claim, bad, markedBad(report.reportId, 'member-1', 'bad-1'))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'bad', claim, bad, endedAt: bad.markedAt });
        expect(await reports.findLiveByClaimCode('24680')).toBeUndefined();
        expect(await reports.findClaimedBy('member-1')).toEqual([]);
        expect(await reports.create(aReport({ claimCode: '24680' }), [])).toBe('created');
        expect((await outbox.pending(10)).map((message) => message.type)).toEqual(['report.claimed', 'report.marked_bad']);
      });
    });

    describe('lifecycle: expiry, close, departure and outcome', () => {
      const LATER = new Date('2026-05-04T10:00:00.000Z');
      const claim: ReportClaim = { memberId: 'member-1', claimedAt: CLAIMED_AT };

      async function claimedReport(overrides: Partial<Report> = {}): Promise<Report> {
        const report = aReport(overrides);
        await reports.create(report, []);
        await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', `claim-${report.reportId}`));
        return report;
      }

      it("keeps the reporter's consent, when the report became active, and a claim's close and outcome", async () => {
        const consenting = aReport({ reporterUpdates: true, activeSince: new Date('2026-05-01T12:00:00.000Z') });
        const closedWithOutcome = aReport({
          state: 'claimed',
          claim: { memberId: 'member-1', claimedAt: CLAIMED_AT, closedAt: LATER, outcome: 'Captured' },
        });
        for (const report of [consenting, closedWithOutcome]) await reports.create(report, []);
        expect(await reports.findById(consenting.reportId)).toEqual(consenting);
        expect(await reports.findById(closedWithOutcome.reportId)).toEqual(closedWithOutcome);
        // Closed, so no longer live: its code is free.
        expect(await reports.findLiveByClaimCode(closedWithOutcome.claimCode)).toBeUndefined();
      });

      it('expires an active report only while it is active since the time seen, freeing its claim code, with its event', async () => {
        const report = aReport({ claimCode: '31415' });
        await reports.create(report, []);
        expect(await reports.expire(report.reportId, new Date(report.activeSince.getTime() + 1), LATER, expired(report.reportId, 'x', LATER))).toBe(false);
        expect(await reports.expire(report.reportId, report.activeSince, LATER, expired(report.reportId, 'expire-1', LATER))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'expired', expiredAt: LATER, endedAt: LATER });
        expect(await reports.expire(report.reportId, report.activeSince, LATER, expired(report.reportId, 'expire-2', LATER))).toBe(false);
        expect(await reports.findLiveByClaimCode('31415')).toBeUndefined();
        expect(await reports.findLiveByReporterPhone(report.reporterPhone)).toEqual([]);
        expect(await reports.create(aReport({ claimCode: '31415' }), [])).toBe('created');
        expect(await reports.expire('missing', report.activeSince, LATER, expired('missing', 'expire-3', LATER))).toBe(false);
        expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([['expire-1', 'report.expired']]);
      });

      it('does not expire a claimed report, nor one active again since a later un-claim by the time it was first active', async () => {
        const report = await claimedReport();
        expect(await reports.expire(report.reportId, report.activeSince, LATER, expired(report.reportId, 'x', LATER))).toBe(false);
        await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-1'));
        expect(await reports.expire(report.reportId, report.activeSince, LATER, expired(report.reportId, 'y', LATER))).toBe(false);
        expect(await reports.expire(report.reportId, UNCLAIMED_AT, LATER, expired(report.reportId, 'expire-1', LATER))).toBe(true);
        expect((await outbox.pending(10)).map((message) => message.type)).toEqual(['report.claimed', 'report.unclaimed', 'report.expired']);
      });

      it("closes a claim once: the report stays claimed and the claimer's, and its claim code is free", async () => {
        const report = await claimedReport({ claimCode: '27182' });
        const other = { memberId: 'member-2', claimedAt: CLAIMED_AT };
        expect(await reports.close(report.reportId, other, LATER, closed(report.reportId, 'member-2', 'x', LATER))).toBe(false);
        expect(await reports.close(report.reportId, claim, LATER, closed(report.reportId, 'member-1', 'close-1', LATER))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'claimed', claim: { ...claim, closedAt: LATER }, endedAt: LATER });
        expect((await reports.findClaimedBy('member-1')).map((found) => found.reportId)).toEqual([report.reportId]);
        expect(await reports.findLiveByClaimCode('27182')).toBeUndefined();
        expect(await reports.findLiveByReporterPhone(report.reporterPhone)).toEqual([]);
        expect(await reports.findFreeClaimCode('27182')).toBe('27182');
        expect(await reports.close(report.reportId, claim, LATER, closed(report.reportId, 'member-1', 'close-2', LATER))).toBe(false);
        expect(await reports.create(aReport({ claimCode: '27182' }), [])).toBe('created');
        expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([
          [`claim-${report.reportId}`, 'report.claimed'],
          ['close-1', 'report.closed'],
        ]);
      });

      it('does not close an active report', async () => {
        const report = aReport();
        await reports.create(report, []);
        expect(await reports.close(report.reportId, claim, LATER, closed(report.reportId, 'member-1', 'x', LATER))).toBe(false);
        expect(await outbox.pending(10)).toEqual([]);
      });

      it('finds the live reports made from a number, and only those', async () => {
        const phone = '5550001111';
        const active = aReport({ reporterPhone: phone });
        const bad = aReport({ reporterPhone: phone, state: 'bad' });
        const otherNumber = aReport({ reporterPhone: '5550002222' });
        for (const report of [active, bad, otherNumber]) await reports.create(report, []);
        const held = await claimedReport({ reporterPhone: phone });
        const closedOne = await claimedReport({ reporterPhone: phone });
        await reports.close(closedOne.reportId, claim, LATER, closed(closedOne.reportId, 'member-1', 'close-1', LATER));
        const found = await reports.findLiveByReporterPhone(phone);
        expect(found.map((report) => report.reportId).sort()).toEqual([active.reportId, held.reportId].sort());
        expect(found.find((report) => report.reportId === held.reportId)?.claim).toEqual(claim);
        expect(await reports.findLiveByReporterPhone('5559999999')).toEqual([]);
      });

      it('pages through the live reports by claim code, and only those', async () => {
        const active = aReport({ claimCode: '00300' });
        const expiredOne = aReport({ claimCode: '00100', state: 'expired' });
        for (const report of [active, expiredOne]) await reports.create(report, []);
        const held = await claimedReport({ claimCode: '00200' });
        const closedOne = await claimedReport({ claimCode: '00050' });
        await reports.close(closedOne.reportId, claim, LATER, closed(closedOne.reportId, 'member-1', 'close-live', LATER));
        const codes = (page: Report[]) => page.map((report) => report.claimCode);
        expect(codes(await reports.findLiveAfterClaimCode(undefined, 1))).toEqual(['00200']);
        expect(codes(await reports.findLiveAfterClaimCode('00200', 5))).toEqual(['00300']);
        expect(await reports.findLiveAfterClaimCode('00300', 5)).toEqual([]);
        expect((await reports.findLiveAfterClaimCode(undefined, 5)).find((report) => report.reportId === held.reportId)?.claim).toEqual(claim);
      });

      it('makes an active report depart while it is active since the time seen, freeing its code', async () => {
        const report = aReport({ claimCode: '16180' });
        await reports.create(report, []);
        const seen = { state: 'active' as const, activeSince: report.activeSince };
        expect(await reports.depart(report.reportId, { state: 'active', activeSince: LATER }, LATER, departed(report, '', 'x', LATER))).toBe(false);
        expect(await reports.depart(report.reportId, { state: 'claimed', claim }, LATER, departed(report, '', 'y', LATER))).toBe(false);
        expect(await reports.depart(report.reportId, seen, LATER, departed(report, '', 'depart-1', LATER))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'departed', departedAt: LATER, endedAt: LATER });
        expect(await reports.depart(report.reportId, seen, LATER, departed(report, '', 'depart-2', LATER))).toBe(false);
        expect(await reports.findLiveByClaimCode('16180')).toBeUndefined();
        expect(await reports.findLiveByReporterPhone(report.reporterPhone)).toEqual([]);
        expect((await outbox.pending(10)).map((message) => [message.id, message.type])).toEqual([['depart-1', 'report.departed']]);
      });

      it('makes a claimed report depart, keeping its claim; not once its claim closed', async () => {
        const report = await claimedReport();
        expect(await reports.depart(report.reportId, { state: 'active', activeSince: report.activeSince }, LATER, departed(report, '', 'x', LATER))).toBe(false);
        expect(await reports.depart(report.reportId, { state: 'claimed', claim }, LATER, departed(report, 'member-1', 'depart-1', LATER))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'departed', claim, departedAt: LATER, endedAt: LATER });
        expect(await reports.findClaimedBy('member-1')).toEqual([]);

        const closedOne = await claimedReport();
        await reports.close(closedOne.reportId, claim, LATER, closed(closedOne.reportId, 'member-1', 'close-1', LATER));
        expect(await reports.depart(closedOne.reportId, { state: 'claimed', claim }, LATER, departed(closedOne, 'member-1', 'y', LATER))).toBe(false);
        expect((await reports.findById(closedOne.reportId))?.state).toBe('claimed');
      });

      it("notes once that the reporter said a held report's swarm left, keeping it claimed, listed and its code held", async () => {
        const report = await claimedReport({ claimCode: '27182' });
        const other = { memberId: 'member-2', claimedAt: CLAIMED_AT };
        expect(await reports.noteReporterSaidGone(report.reportId, other, LATER, reporterSaidGone(report, 'x', LATER))).toBe(false);
        expect(await reports.noteReporterSaidGone(report.reportId, claim, LATER, reporterSaidGone(report, 'gone-1', LATER))).toBe(true);
        expect(await reports.noteReporterSaidGone(report.reportId, claim, LATER, reporterSaidGone(report, 'gone-2', LATER))).toBe(false);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'claimed', claim: { ...claim, reporterSaidGoneAt: LATER } });
        expect((await reports.findClaimedBy('member-1')).map((held) => held.reportId)).toEqual([report.reportId]);
        expect((await reports.findLiveByClaimCode('27182'))?.reportId).toBe(report.reportId);
        expect((await outbox.pending(10)).filter((message) => message.type === 'report.reporter_said_gone').map((message) => message.id)).toEqual(['gone-1']);

        // The claimer's outcome is still recorded; an un-claim drops the note with the claim.
        expect(await reports.recordOutcome(report.reportId, claim, 'Captured', outcomeRecorded(report.reportId, 'member-1', 'outcome-1', 'Captured'))).toBe(true);
        expect((await reports.findById(report.reportId))?.claim).toEqual({ ...claim, reporterSaidGoneAt: LATER, outcome: 'Captured' });
        await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-1'));
        expect((await reports.findById(report.reportId))?.claim).toBeUndefined();
      });

      it('notes no GONE on an active report, once an outcome is recorded, or once the claim closed', async () => {
        const active = aReport();
        await reports.create(active, []);
        expect(await reports.noteReporterSaidGone(active.reportId, claim, LATER, reporterSaidGone(active, 'x', LATER))).toBe(false);
        const settled = await claimedReport();
        await reports.recordOutcome(settled.reportId, claim, 'Captured', outcomeRecorded(settled.reportId, 'member-1', 'outcome-1', 'Captured'));
        expect(await reports.noteReporterSaidGone(settled.reportId, claim, LATER, reporterSaidGone(settled, 'y', LATER))).toBe(false);
        const closedOne = await claimedReport();
        await reports.close(closedOne.reportId, claim, LATER, closed(closedOne.reportId, 'member-1', 'close-1', LATER));
        expect(await reports.noteReporterSaidGone(closedOne.reportId, claim, LATER, reporterSaidGone(closedOne, 'z', LATER))).toBe(false);
        expect((await outbox.pending(20)).filter((message) => message.type === 'report.reporter_said_gone')).toEqual([]);
        expect((await reports.findById(settled.reportId))?.claim?.reporterSaidGoneAt).toBeUndefined();
      });

      it("records and changes the claimer's outcome, also after the close and the departure, with an event each time", async () => {
        const report = await claimedReport();
        const other = { memberId: 'member-2', claimedAt: CLAIMED_AT };
        expect(await reports.recordOutcome(report.reportId, other, 'Captured', outcomeRecorded(report.reportId, 'member-2', 'x', 'Captured'))).toBe(false);
        expect(await reports.recordOutcome(report.reportId, claim, 'Captured', outcomeRecorded(report.reportId, 'member-1', 'outcome-1', 'Captured'))).toBe(true);
        expect((await reports.findById(report.reportId))?.claim).toEqual({ ...claim, outcome: 'Captured' });
        await reports.close(report.reportId, claim, LATER, closed(report.reportId, 'member-1', 'close-1', LATER));
        expect(await reports.recordOutcome(report.reportId, claim, COULD_NOT_REACH, outcomeRecorded(report.reportId, 'member-1', 'outcome-2', COULD_NOT_REACH))).toBe(true);
        expect(await reports.findById(report.reportId)).toEqual({ ...report, state: 'claimed', claim: { ...claim, closedAt: LATER, outcome: COULD_NOT_REACH }, endedAt: LATER });

        const gone = await claimedReport();
        await reports.depart(gone.reportId, { state: 'claimed', claim }, LATER, departed(gone, 'member-1', 'depart-1', LATER));
        const outcome = GONE_BEFORE_ARRIVAL;
        expect(await reports.recordOutcome(gone.reportId, claim, outcome, outcomeRecorded(gone.reportId, 'member-1', 'outcome-3', outcome))).toBe(true);
        expect((await reports.findById(gone.reportId))?.claim?.outcome).toBe(outcome);
        expect((await outbox.pending(20)).filter((message) => message.type === 'report.outcome_recorded').map((message) => message.id)).toEqual([
          'outcome-1',
          'outcome-2',
          'outcome-3',
        ]);
      });

      it('records no outcome on an active report, nor after an un-claim, and drops the outcome with the claim', async () => {
        const active = aReport();
        await reports.create(active, []);
        expect(await reports.recordOutcome(active.reportId, claim, 'Captured', outcomeRecorded(active.reportId, 'member-1', 'x', 'Captured'))).toBe(false);
        const report = await claimedReport();
        await reports.recordOutcome(report.reportId, claim, 'Captured', outcomeRecorded(report.reportId, 'member-1', 'outcome-1', 'Captured'));
        await reports.unclaim(report.reportId, claim, unclaimed(report.reportId, 'member-1', 'unclaim-1'));
        expect((await reports.findById(report.reportId))?.claim).toBeUndefined();
        expect(await reports.recordOutcome(report.reportId, claim, COULD_NOT_REACH, outcomeRecorded(report.reportId, 'member-1', 'y', COULD_NOT_REACH))).toBe(false);
      });
    });

    describe("retention: when a report ended, and its reporter's data erased", () => {
      const claim: ReportClaim = { memberId: 'member-1', claimedAt: CLAIMED_AT };
      const at = (iso: string) => new Date(iso);

      async function endedReport(end: 'expire' | 'close' | 'depart' | 'mark-bad', endedAt: Date, overrides: Partial<Report> = {}): Promise<Report> {
        const report = aReport(overrides);
        await reports.create(report, []);
        if (end === 'expire') await reports.expire(report.reportId, report.activeSince, endedAt, expired(report.reportId, `end-${report.reportId}`, endedAt));
        if (end === 'depart') await reports.depart(report.reportId, { state: 'active', activeSince: report.activeSince }, endedAt, departed(report, '', `end-${report.reportId}`, endedAt));
        if (end === 'close' || end === 'mark-bad') {
          await reports.claim(report.reportId, claim, claimed(report.reportId, 'member-1', `claim-${report.reportId}`));
          if (end === 'close') await reports.close(report.reportId, claim, endedAt, closed(report.reportId, 'member-1', `end-${report.reportId}`, endedAt));
          else await reports.markBad(report.reportId, claim, { reason: 'Swarm moved on', markedAt: endedAt }, { ...markedBad(report.reportId, 'member-1', `end-${report.reportId}`), markedAt: endedAt });
        }
        return report;
      }

      it('records when a report ended, for each way it ends', async () => {
        const ends = ['expire', 'close', 'depart', 'mark-bad'] as const;
        const ended = await Promise.all(ends.map((end, index) => endedReport(end, at(`2026-05-0${index + 2}T10:00:00.000Z`))));
        const stored = await Promise.all(ended.map((report) => reports.findById(report.reportId)));
        expect(stored.map((report) => report?.endedAt)).toEqual(ends.map((_, index) => at(`2026-05-0${index + 2}T10:00:00.000Z`)));
        const live = aReport();
        await reports.create(live, []);
        expect((await reports.findById(live.reportId))?.endedAt).toBeUndefined();
      });

      it('keeps the first end of a closed claim marked bad, and forgets it when the claim is given back', async () => {
        const closedFirst = await endedReport('close', at('2026-05-04T11:00:00.000Z'));
        await reports.markBad(closedFirst.reportId, claim, { reason: 'Swarm moved on', markedAt: at('2026-05-04T12:00:00.000Z') }, markedBad(closedFirst.reportId, 'member-1', 'bad-late'));
        expect(await reports.findById(closedFirst.reportId)).toMatchObject({ state: 'bad', endedAt: at('2026-05-04T11:00:00.000Z') });
        const givenBack = await endedReport('close', at('2026-05-04T11:00:00.000Z'));
        await reports.unclaim(givenBack.reportId, claim, unclaimed(givenBack.reportId, 'member-1', 'unclaim-late'));
        expect((await reports.findById(givenBack.reportId))?.endedAt).toBeUndefined();
        expect((await reports.findEndedAwaitingErasure(at('2026-06-01T00:00:00.000Z'), 10)).map(({ reportId }) => reportId)).toEqual([closedFirst.reportId]);
      });

      it('finds the reports ended by a cutoff that keep their reporter data, oldest end first, at most the limit', async () => {
        const third = await endedReport('expire', at('2026-05-03T10:00:00.000Z'));
        const first = await endedReport('depart', at('2026-05-01T10:30:00.000Z'));
        const second = await endedReport('close', at('2026-05-02T10:00:00.000Z'));
        await endedReport('mark-bad', at('2026-05-05T10:00:00.000Z'));
        await reports.create(aReport(), []);
        const ids = async (cutoff: Date, limit: number) => (await reports.findEndedAwaitingErasure(cutoff, limit)).map(({ reportId }) => reportId);
        expect(await ids(at('2026-05-03T10:00:00.000Z'), 10)).toEqual([first.reportId, second.reportId, third.reportId]);
        expect(await ids(at('2026-05-03T10:00:00.000Z'), 2)).toEqual([first.reportId, second.reportId]);
        expect(await ids(at('2026-05-01T10:00:00.000Z'), 10)).toEqual([]);
      });

      it("erases an ended report's reporter data once, keeping the town, times, size, height, claim and outcome, with its event", async () => {
        const report = await endedReport('close', at('2026-05-04T11:00:00.000Z'), {
          reporterName: 'Ada Lovelace',
          reporterPhone: '5035550199',
          internalNote: 'behind the shed',
          address: '12 Oak St, Portland, OR, USA',
          image: { imageName: 'r.jpg', thumbnailName: 'r-thumb.jpg' },
        });
        await reports.recordOutcome(report.reportId, claim, 'Captured', outcomeRecorded(report.reportId, 'member-1', 'outcome-1', 'Captured'));
        const erasedAt = at('2026-06-04T11:00:00.000Z');
        const ended = (await reports.findById(report.reportId))!;
        const erasure = reporterDataErasure(ended, erasedAt);
        expect(await reports.eraseReporterData(report.reportId, erasure, reporterDataErased(report.reportId, erasedAt))).toBe(true);
        const { image: _image, ...withoutPicture } = ended;
        expect(await reports.findById(report.reportId)).toEqual({
          ...withoutPicture,
          reporterName: '',
          reporterPhone: '',
          internalNote: '',
          address: 'Portland, OR',
          location: { latitude: 45.52, longitude: -122.68 },
          reporterDataErasedAt: erasedAt,
        });
        expect(await reports.findEndedAwaitingErasure(retentionCutoff(erasedAt, 0), 10)).toEqual([]);
        expect(await reports.findLiveAtAddressSince(addressKey('12 Oak St, Portland, OR, USA'), at('2026-01-01T00:00:00.000Z'))).toEqual([]);
        expect(await reports.eraseReporterData(report.reportId, erasure, reporterDataErased(report.reportId, erasedAt))).toBe(false);
        const events = (await outbox.pending(100)).filter((message) => message.type === 'report.reporter_data_erased');
        expect(events.map((message) => message.id)).toEqual([`reporter-data-erased--${report.reportId}`]);
      });

      it('erases nothing of a report that has not ended, and marks an erased report bad no more', async () => {
        const live = aReport();
        await reports.create(live, []);
        const erasedAt = at('2026-06-04T11:00:00.000Z');
        expect(await reports.eraseReporterData(live.reportId, reporterDataErasure(live, erasedAt), reporterDataErased(live.reportId, erasedAt))).toBe(false);
        expect((await reports.findById(live.reportId))?.reporterName).toBe('Ada');
        const closedReport = await endedReport('close', at('2026-05-04T11:00:00.000Z'));
        await reports.eraseReporterData(closedReport.reportId, reporterDataErasure(closedReport, erasedAt), reporterDataErased(closedReport.reportId, erasedAt));
        expect(await reports.markBad(closedReport.reportId, claim, { reason: 'Swarm moved on', markedAt: erasedAt }, markedBad(closedReport.reportId, 'member-1', 'bad-erased'))).toBe(false);
        expect(await reports.findEndedAwaitingErasure(erasedAt, 10)).toEqual([]);
      });
    });

    describe('queries for members', () => {
      it('finds the live report holding a claim code', async () => {
        const report = aReport({ claimCode: '13579' });
        await reports.create(report, []);
        expect((await reports.findLiveByClaimCode('13579'))?.reportId).toBe(report.reportId);
        expect(await reports.findLiveByClaimCode('97531')).toBeUndefined();
      });

      it('names the first claim code from a given one that no live report holds, wrapping past 99999', async () => {
        for (const claimCode of ['00500', '00501', '00502', '99998', '99999', '00000']) await reports.create(aReport({ claimCode }), []);
        const bad = aReport({ claimCode: '00503' });
        await reports.create(bad, []);
        const claim = { memberId: 'member-1', claimedAt: CLAIMED_AT };
        await reports.claim(bad.reportId, claim, claimed(bad.reportId, 'member-1', 'c-503'));
        expect(await reports.findFreeClaimCode('00499')).toBe('00499');
        expect(await reports.findFreeClaimCode('00500')).toBe('00504');
        await reports.markBad(bad.reportId, claim, { reason: 'Swarm moved on', markedAt: CLAIMED_AT }, markedBad(bad.reportId, 'member-1', 'b-503'));
        expect(await reports.findFreeClaimCode('00500')).toBe('00503');
        expect(await reports.findFreeClaimCode('99998')).toBe('00001');
      });

      it('finds reports by ids, skipping unknown ones', async () => {
        const first = aReport();
        const second = aReport();
        await reports.create(first, []);
        await reports.create(second, []);
        const found = await reports.findByIds([first.reportId, 'missing', second.reportId]);
        expect(found.map((report) => report.reportId).sort()).toEqual([first.reportId, second.reportId].sort());
        expect(await reports.findByIds([])).toEqual([]);
      });

      it('finds the reports a member holds', async () => {
        const mine = aReport();
        const theirs = aReport();
        const active = aReport();
        for (const report of [mine, theirs, active]) await reports.create(report, []);
        await reports.claim(mine.reportId, { memberId: 'member-1', claimedAt: CLAIMED_AT }, claimed(mine.reportId, 'member-1', 'e-1'));
        await reports.claim(theirs.reportId, { memberId: 'member-2', claimedAt: CLAIMED_AT }, claimed(theirs.reportId, 'member-2', 'e-2'));
        expect((await reports.findClaimedBy('member-1')).map((report) => report.reportId)).toEqual([mine.reportId]);
      });

      it('records an alert once per report and member, keeping the first', async () => {
        const first = anAlert({ reportId: 'r-1', memberId: 'm-1' });
        await reports.recordAlert(first);
        await reports.recordAlert({ ...first, companyName: 'Later', distanceMiles: 9 });
        await Promise.all(Array.from({ length: 10 }, () => reports.recordAlert({ ...first, companyName: 'Concurrent' })));
        await reports.recordAlert(anAlert({ reportId: 'r-2', memberId: 'm-1' }));
        await reports.recordAlert(anAlert({ reportId: 'r-1', memberId: 'm-2' }));
        expect(await reports.findAlert('r-1', 'm-1')).toEqual(first);
        expect(await reports.findAlert('r-1', 'm-3')).toBeUndefined();
        expect((await reports.findAlertsForMember('m-1')).map((alert) => alert.reportId).sort()).toEqual(['r-1', 'r-2']);
      });
    });
  });
}
