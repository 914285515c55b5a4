import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { ClaimOutcome, SwarmSize } from '@swarm/proto/report/v1/report';
import {
  AlertSentEvent,
  ClaimOutcomeRecordedEvent,
  InProcessEventBus,
  MemberChangedEvent,
  MemberDeletedEvent,
  ReportClaimedEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReporterTextSentEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  ReportUnservedEvent,
  createLogger,
  type Subscription,
} from '@swarm/runtime';
import { testLogger, waitUntil } from '@swarm/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FollowMemberReach } from '../../app/follow-member-reach.js';
import { FollowReportHistory } from '../../app/follow-report-history.js';
import { MemberReaches } from '../../app/member-reaches.js';
import { MemoryMemberReachRepository } from '../memory/memory-member-reach-repository.js';
import { MemoryReportStatisticsRepository } from '../memory/memory-report-statistics-repository.js';
import { MemoryUnservedDemandRepository } from '../memory/memory-unserved-demand-repository.js';
import { RpcMemberDirectory } from '../rpc/rpc-member-directory.js';
import { subscribeInsights } from './insights-subscribers.js';

const at = (iso: string) => new Date(iso);
const ts = (iso: string) => timestampFromDate(at(iso));
const june = { since: at('2026-06-01T00:00:00Z'), until: at('2026-07-01T00:00:00Z') };
/** Eugene, Oregon, and the resolution-7 H3 cell it lies in. */
const EUGENE = { latitude: 44.0521, longitude: -123.0868 };
const EUGENE_CELL = '87281b59bffffff';
/** The resolution-6 cell of Eugene: all insights keeps of a home there. */
const EUGENE_HOME_CELL = '86281b59fffffff';

/**
 * The member service as GetMember answers: each member as it is now, with its version (a member missing is NOT_FOUND),
 * and every call counted.
 */
function fakeMemberService() {
  const members = new Map<string, { version: number; home?: { latitude: number; longitude: number }; rangeInMiles: number }>();
  const calls: string[] = [];
  const transport = createRouterTransport((router) =>
    router.service(MemberService, {
      getMember(request) {
        calls.push(request.memberId);
        const member = members.get(request.memberId);
        if (!member) throw new ConnectError('member not found', Code.NotFound);
        return {
          version: member.version,
          member: {
            memberId: request.memberId,
            email: 'bea@example.org',
            name: 'Bea Keeper',
            phoneNumber: '5415550100',
            address: '12 Oak St, Eugene, OR',
            ...(member.home ? { home: member.home } : {}),
            availability: { rangeInMiles: member.rangeInMiles },
          },
        };
      },
    }),
  );
  return { members, calls, directory: new RpcMemberDirectory(createClient(MemberService, transport)) };
}

/** Counts each event's deliveries, to tell an acknowledged event from one the bus will deliver again. */
class CountingBus extends InProcessEventBus {
  readonly deliveries = new Map<string, number>();
  override subscribe(...[consumer, type, handler]: Parameters<InProcessEventBus['subscribe']>) {
    return super.subscribe(consumer, type, async (event) => {
      this.deliveries.set(event.id, event.deliveryCount);
      await handler(event);
    });
  }
}

describe('the insights service following the report and notification events', () => {
  let bus: CountingBus;
  let statistics: MemoryReportStatisticsRepository;
  let unserved: MemoryUnservedDemandRepository;
  let subscriptions: Subscription[];
  let warnings: string[];
  let reach: MemoryMemberReachRepository;
  let memberService: ReturnType<typeof fakeMemberService>;

  beforeEach(async () => {
    bus = new CountingBus(testLogger());
    statistics = new MemoryReportStatisticsRepository();
    unserved = new MemoryUnservedDemandRepository();
    warnings = [];
    const logger = createLogger({ service: 'insights', level: 'warn', destination: { write: (line: string) => void warnings.push(line) } });
    reach = new MemoryMemberReachRepository();
    memberService = fakeMemberService();
    const reaches = new MemberReaches({ reach, members: memberService.directory });
    subscriptions = await subscribeInsights(bus, new FollowReportHistory({ statistics, unserved }), new FollowMemberReach({ reaches }), logger);
  });
  afterEach(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    await bus.close();
  });

  const delivered = (...ids: string[]) => waitUntil(() => ids.every((id) => bus.deliveries.has(id)), 2_000, `events ${ids.join(', ')}`);
  const alertSent = (id: string, sendKey: string, channels: AlertChannel[], costCents = 7) =>
    AlertSentEvent.toMessage(id, { reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Lane Bees', sendKey, costCents, channels, smsPriceCents: 7, sentAt: ts('2026-06-02T10:01:00Z') });

  it('builds a report history from the events, whatever order they come in, and counts a repeated alert or text once', async () => {
    await bus.publish(ReportClaimedEvent.toMessage('claimed', { reportId: 'r1', memberId: 'm1', claimedAt: ts('2026-06-02T10:20:00Z') }));
    await bus.publish(ReportSubmittedEvent.toMessage('submitted', { reportId: 'r1', location: EUGENE, submittedAt: ts('2026-06-02T10:00:00Z'), reporterPhone: '5415550100', town: 'Eugene, OR', size: SwarmSize.SOFTBALL, elevationFeet: 12 }));
    await bus.publish(alertSent('alert-1', 'alert--r1--m1--submitted', [AlertChannel.PUSH, AlertChannel.SMS]));
    // The same alert again under another event id (a second run of its job): counted once, by its send key.
    await bus.publish(alertSent('alert-1-again', 'alert--r1--m1--submitted', [AlertChannel.PUSH, AlertChannel.SMS]));
    await bus.publish(ReporterTextSentEvent.toMessage('text-1', { reportId: 'r1', textKey: 'reporter-claimed--claimed', sentAt: ts('2026-06-02T10:21:00Z') }));
    await bus.publish(ReporterTextSentEvent.toMessage('text-1-again', { reportId: 'r1', textKey: 'reporter-claimed--claimed', sentAt: ts('2026-06-02T10:21:00Z') }));
    await bus.publish(ClaimOutcomeRecordedEvent.toMessage('outcome', { reportId: 'r1', memberId: 'm1', outcome: ClaimOutcome.CAPTURED, recordedAt: ts('2026-06-02T12:00:00Z') }));
    await delivered('claimed', 'submitted', 'alert-1', 'alert-1-again', 'text-1', 'text-1-again', 'outcome');

    expect(await statistics.findAlertingAssociation('c1', june.since, june.until)).toEqual([
      {
        reportId: 'r1',
        submittedAt: at('2026-06-02T10:00:00Z'),
        h3Cell: EUGENE_CELL,
        size: 'Softball',
        elevationFeet: 12,
        firstClaimedAt: at('2026-06-02T10:20:00Z'),
        outcome: 'Captured',
        alerts: [{ companyId: 'c1', count: 1, costCents: 7, byChannel: { sms: 1, push: 1, email: 0 }, costBySmsCents: 7 }],
        reporterTexts: 1,
      },
    ]);
  });

  it('drops the outcome of a claim given back, keeps the first claim, and records expiry, marking and unserved demand', async () => {
    await bus.publish(ReportSubmittedEvent.toMessage('submitted', { reportId: 'r1', location: EUGENE, submittedAt: ts('2026-06-02T10:00:00Z') }));
    await bus.publish(alertSent('alert-1', 'alert--r1--m1--submitted', [AlertChannel.SMS]));
    await bus.publish(ReportClaimedEvent.toMessage('claimed', { reportId: 'r1', memberId: 'm1', claimedAt: ts('2026-06-02T10:01:00Z') }));
    await bus.publish(ClaimOutcomeRecordedEvent.toMessage('outcome', { reportId: 'r1', memberId: 'm1', outcome: ClaimOutcome.CAPTURED, recordedAt: ts('2026-06-02T10:30:00Z') }));
    await bus.publish(ReportUnclaimedEvent.toMessage('unclaimed', { reportId: 'r1', memberId: 'm1', unclaimedAt: ts('2026-06-02T11:00:00Z') }));
    await bus.publish(ReportExpiredEvent.toMessage('expired', { reportId: 'r1', expiredAt: ts('2026-06-05T11:00:00Z') }));
    await bus.publish(ReportMarkedBadEvent.toMessage('bad', { reportId: 'r1', memberId: 'm1', markedAt: ts('2026-06-02T10:10:00Z') }));
    await bus.publish(ReportUnservedEvent.toMessage('unserved-1', { h3Cell: EUGENE_CELL, refusedAt: ts('2026-06-03T08:00:00Z'), size: SwarmSize.SOFTBALL }));
    await delivered('submitted', 'alert-1', 'claimed', 'outcome', 'unclaimed', 'expired', 'bad', 'unserved-1');

    const [history] = await statistics.findAlertingAssociation('c1', june.since, june.until);
    expect(history).toMatchObject({ firstClaimedAt: at('2026-06-02T10:01:00Z'), expiredAt: at('2026-06-05T11:00:00Z'), markedBadAt: at('2026-06-02T10:10:00Z') });
    expect(history?.outcome).toBeUndefined();
    expect(await unserved.findInCells([EUGENE_CELL], june.since, june.until)).toEqual([{ h3Cell: EUGENE_CELL, refusedAt: at('2026-06-03T08:00:00Z'), size: 'Softball' }]);
  });

  it('acknowledges and logs, without recording or redelivering, events that break a rule or do not decode', async () => {
    await bus.publish(alertSent('no-send-key', '', [AlertChannel.SMS]));
    await bus.publish(ReportUnservedEvent.toMessage('street-level', { h3Cell: '8c28f00234a49ff', refusedAt: ts('2026-06-03T08:00:00Z'), size: SwarmSize.SOFTBALL }));
    await bus.publish(ReportUnservedEvent.toMessage('no-cell', { h3Cell: 'Main Street', refusedAt: ts('2026-06-03T08:00:00Z'), size: SwarmSize.SOFTBALL }));
    await bus.publish(ReportClaimedEvent.toMessage('no-time', { reportId: 'r1', memberId: 'm1' }));
    await bus.publish({ id: 'garbage', type: ReportUnservedEvent.type, payload: Uint8Array.from([0xff, 0xff, 0xff]) });
    await delivered('no-send-key', 'street-level', 'no-cell', 'no-time', 'garbage');
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    for (const id of ['no-send-key', 'street-level', 'no-cell', 'no-time', 'garbage']) expect(bus.deliveries.get(id), id).toBe(1);
    expect(await statistics.findAlertingAssociation('c1', june.since, june.until)).toEqual([]);
    expect(await unserved.findInCells(['8c28f00234a49ff', EUGENE_CELL], june.since, june.until)).toEqual([]);
    expect(warnings.filter((line) => line.includes('event malformed'))).toHaveLength(5);
  });

  it('redelivers an event whose handling failed, and counts it once when it succeeds', async () => {
    let failures = 1;
    const recordOnce = unserved.record.bind(unserved);
    unserved.record = async (demand) => {
      if (failures-- > 0) throw new Error('store unavailable');
      await recordOnce(demand);
    };
    await bus.publish(ReportUnservedEvent.toMessage('unserved-1', { h3Cell: EUGENE_CELL, refusedAt: ts('2026-06-03T08:00:00Z'), size: SwarmSize.VERY_LARGE }));
    await waitUntil(() => (bus.deliveries.get('unserved-1') ?? 0) >= 2, 5_000, 'the redelivery');
    await waitUntil(async () => (await unserved.findInCells([EUGENE_CELL], june.since, june.until)).length === 1, 2_000, 'the demand recorded');
    expect(await unserved.findInCells([EUGENE_CELL], june.since, june.until)).toEqual([{ h3Cell: EUGENE_CELL, refusedAt: at('2026-06-03T08:00:00Z'), size: 'Very Large' }]);
  });

  describe("members' reach", () => {
    it('keeps the coarse cell of the home and the range on member.changed, read once per newer version, and nothing else of the member', async () => {
      memberService.members.set('m1', { version: 3, home: EUGENE, rangeInMiles: 10 });
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--3', { memberId: 'm1', version: 3 }));
      await delivered('member-changed--m1--3');
      await waitUntil(async () => (await reach.findMany(['m1'])).length === 1, 2_000, 'the reach kept');
      expect(await reach.findMany(['m1'])).toEqual([{ memberId: 'm1', version: 3, home: { h3Cell: EUGENE_HOME_CELL, rangeInMiles: 10 } }]);

      // The same event again, and an older one: the copy is as new, nothing is asked.
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--3-again', { memberId: 'm1', version: 3 }));
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--2', { memberId: 'm1', version: 2 }));
      await delivered('member-changed--m1--3-again', 'member-changed--m1--2');
      expect(memberService.calls).toEqual(['m1']);

      // The member cleared their address: no home is kept.
      memberService.members.set('m1', { version: 4, rangeInMiles: 10 });
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--4', { memberId: 'm1', version: 4 }));
      await waitUntil(async () => JSON.stringify(await reach.findMany(['m1'])) === JSON.stringify([{ memberId: 'm1', version: 4 }]), 2_000, 'the home cleared');

      const kept = JSON.stringify(await reach.findMany(['m1']));
      for (const personal of ['Bea', '5415550100', 'Oak', 'bea@example.org', '44.05', '-123.08']) expect(kept).not.toContain(personal);
    });

    it('erases the member on member.deleted, for good, and again on a redelivery', async () => {
      memberService.members.set('m1', { version: 1, home: EUGENE, rangeInMiles: 5 });
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--1', { memberId: 'm1', version: 1 }));
      await waitUntil(async () => (await reach.findMany(['m1'])).length === 1, 2_000, 'the reach kept');
      await bus.publish(MemberDeletedEvent.toMessage('member-deleted--m1', { memberId: 'm1' }));
      await bus.publish(MemberDeletedEvent.toMessage('member-deleted--m1', { memberId: 'm1' }));
      await waitUntil(async () => JSON.stringify(await reach.findMany(['m1'])) === JSON.stringify([{ memberId: 'm1', erased: true }]), 2_000, 'the member erased');
      // A change announced before the deletion, arriving after it, asks nothing and keeps nothing.
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m1--2', { memberId: 'm1', version: 2 }));
      await delivered('member-changed--m1--2');
      expect(await reach.findMany(['m1'])).toEqual([{ memberId: 'm1', erased: true }]);
      expect(memberService.calls).toEqual(['m1']);
    });

    it('acknowledges and logs a member event without a member id, and redelivers one the member service could not answer', async () => {
      await bus.publish(MemberChangedEvent.toMessage('no-member', { memberId: '', version: 1 }));
      await bus.publish(MemberDeletedEvent.toMessage('no-member-deleted', { memberId: '' }));
      await delivered('no-member', 'no-member-deleted');
      expect([bus.deliveries.get('no-member'), bus.deliveries.get('no-member-deleted')]).toEqual([1, 1]);
      expect(warnings.filter((line) => line.includes('event malformed'))).toHaveLength(2);

      let failures = 1;
      const reachOf = memberService.directory.reachOf.bind(memberService.directory);
      memberService.directory.reachOf = async (memberId) => {
        if (failures-- > 0) throw new ConnectError('member service down', Code.Unavailable);
        return reachOf(memberId);
      };
      memberService.members.set('m2', { version: 1, home: EUGENE, rangeInMiles: 5 });
      await bus.publish(MemberChangedEvent.toMessage('member-changed--m2--1', { memberId: 'm2', version: 1 }));
      await waitUntil(() => (bus.deliveries.get('member-changed--m2--1') ?? 0) >= 2, 5_000, 'the redelivery');
      await waitUntil(async () => (await reach.findMany(['m2'])).length === 1, 2_000, 'the reach kept');
    });
  });
});
