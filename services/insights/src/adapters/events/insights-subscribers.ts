import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { AlertChannel as ProtoAlertChannel } from '@swarm/proto/common/v1/channel';
import { claimOutcomes, swarmSizes } from '@swarm/proto/labels';
import {
  AlertSentEvent,
  ClaimOutcomeRecordedEvent,
  MemberChangedEvent,
  MemberDeletedEvent,
  ReportClaimedEvent,
  ReportDepartedEvent,
  ReporterTextSentEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  ReportUnservedEvent,
  subscribeTo,
  type DeliveredEvent,
  type EventBus,
  type Logger,
  type Subscription,
} from '@swarm/runtime';
import { getResolution, isValidCell, latLngToCell } from 'h3-js';
import type { FollowMemberReach } from '../../app/follow-member-reach.js';
import type { FollowReportHistory } from '../../app/follow-report-history.js';
import type { AlertChannel } from '../../domain/alert-channels.js';
import { MAP_RESOLUTION } from '../../domain/association-map.js';

/** The durable consumer name of this service on the event bus. */
export const INSIGHTS_CONSUMER = 'insights';

/** An event this service cannot take as it is: acknowledged and logged, never redelivered for ever. */
class MalformedEvent extends Error {}

const CHANNELS: Partial<Record<ProtoAlertChannel, AlertChannel>> = { [ProtoAlertChannel.SMS]: 'sms', [ProtoAlertChannel.PUSH]: 'push', [ProtoAlertChannel.EMAIL]: 'email' };
/** The event id of alert.sent before the event carried its send key: this prefix and the key. */
const OLD_ALERT_SENT_PREFIX = 'alert-sent--';
/** Bounds of anything an id may be: a report id, a company or member id, a send key. */
const MAX_ID_LENGTH = 200;

function id(value: string, field: string): string {
  if (value.length === 0 || value.length > MAX_ID_LENGTH) throw new MalformedEvent(`${field} is empty or too long`);
  return value;
}

function instant(value: Timestamp | undefined, field: string): Date {
  if (!value) throw new MalformedEvent(`${field} is missing`);
  const date = timestampDate(value);
  if (Number.isNaN(date.getTime())) throw new MalformedEvent(`${field} is not a time`);
  return date;
}

function cents(value: number, field: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 100_000) throw new MalformedEvent(`${field} is not a charge`);
  return value;
}

/** A resolution-7 cell, or MalformedEvent. */
function cell(value: string): string {
  if (!isValidCell(value) || getResolution(value) !== MAP_RESOLUTION) throw new MalformedEvent('h3_cell is not a resolution-7 H3 cell');
  return value;
}

/** The cell of a place; none for a place that is not one. */
function cellOfPlace(location: { latitude: number; longitude: number } | undefined): string | undefined {
  if (!location) return undefined;
  const { latitude, longitude } = location;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return latLngToCell(latitude, longitude, MAP_RESOLUTION);
}

/**
 * Subscribes the read models to the events they are built from. A handler's failure (the store) redelivers the event;
 * an event that does not decode or breaks a rule is acknowledged and logged, as no redelivery would mend it.
 */
export async function subscribeInsights(bus: EventBus, follow: FollowReportHistory, followMembers: FollowMemberReach, logger: Logger): Promise<Subscription[]> {
  const dropped = (type: string, delivery: DeliveredEvent, error: unknown) =>
    logger.warn({ eventType: type, eventId: delivery.id, reason: error instanceof Error ? error.message : String(error) }, 'event malformed: acknowledged and left out');
  /** The handler, acknowledging (and logging) an event that breaks a rule; any other failure redelivers it. */
  const guarded =
    <Event>(type: string, handle: (event: Event, delivery: DeliveredEvent) => Promise<void>) =>
    async (event: Event, delivery: DeliveredEvent): Promise<void> => {
      try {
        await handle(event, delivery);
      } catch (error) {
        if (!(error instanceof MalformedEvent)) throw error;
        dropped(type, delivery, error);
      }
    };
  /** An event that does not decode is acknowledged and logged too. */
  const undecodable = (type: string) => ({ onUndecodable: (error: unknown, delivery: DeliveredEvent) => dropped(type, delivery, error) });
  return Promise.all([
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportSubmittedEvent,
      guarded(ReportSubmittedEvent.type, async (event) => {
        // Only the coarse cell of the place is kept: never its coordinates, the street or the reporter.
        const h3Cell = cellOfPlace(event.location);
        const size = swarmSizes.label(event.size);
        await follow.submitted({
          reportId: id(event.reportId, 'report_id'),
          submittedAt: instant(event.submittedAt, 'submitted_at'),
          ...(h3Cell ? { h3Cell } : {}),
          ...(size ? { size } : {}),
          ...(Number.isFinite(event.elevationFeet) ? { elevationFeet: event.elevationFeet } : {}),
        });
      }),
      undecodable(ReportSubmittedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      AlertSentEvent,
      guarded(AlertSentEvent.type, async (event, delivery) => {
        // alert.sent published before it carried its send key is named after it (alert-sent--<send key>).
        const sendKey = event.sendKey || (delivery.id.startsWith(OLD_ALERT_SENT_PREFIX) ? delivery.id.slice(OLD_ALERT_SENT_PREFIX.length) : '');
        const channels = event.channels.map((channel) => CHANNELS[channel]).filter((channel): channel is AlertChannel => channel !== undefined);
        await follow.alertSent({
          reportId: id(event.reportId, 'report_id'),
          companyId: id(event.companyId, 'company_id'),
          memberId: id(event.memberId, 'member_id'),
          sendKey: id(sendKey, 'send_key'),
          costCents: cents(event.costCents, 'cost_cents'),
          // An alert the event names no channel of went by text message, as alerts did before channels existed.
          channels: channels.length > 0 ? channels : ['sms'],
          smsPriceCents: cents(event.smsPriceCents, 'sms_price_cents'),
        });
      }),
      undecodable(AlertSentEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReporterTextSentEvent,
      guarded(ReporterTextSentEvent.type, async (event) => {
        await follow.reporterTexted({ reportId: id(event.reportId, 'report_id'), textKey: id(event.textKey, 'text_key') });
      }),
      undecodable(ReporterTextSentEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportClaimedEvent,
      guarded(ReportClaimedEvent.type, async (event) => {
        await follow.claimed({ reportId: id(event.reportId, 'report_id'), claimedAt: instant(event.claimedAt, 'claimed_at') });
      }),
      undecodable(ReportClaimedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportUnclaimedEvent,
      guarded(ReportUnclaimedEvent.type, async (event) => {
        await follow.unclaimed({ reportId: id(event.reportId, 'report_id'), unclaimedAt: instant(event.unclaimedAt, 'unclaimed_at') });
      }),
      undecodable(ReportUnclaimedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportExpiredEvent,
      guarded(ReportExpiredEvent.type, async (event) => {
        await follow.expired({ reportId: id(event.reportId, 'report_id'), expiredAt: instant(event.expiredAt, 'expired_at') });
      }),
      undecodable(ReportExpiredEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportDepartedEvent,
      guarded(ReportDepartedEvent.type, async (event) => {
        await follow.departed({ reportId: id(event.reportId, 'report_id'), departedAt: instant(event.departedAt, 'departed_at') });
      }),
      undecodable(ReportDepartedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportMarkedBadEvent,
      guarded(ReportMarkedBadEvent.type, async (event) => {
        await follow.markedBad({ reportId: id(event.reportId, 'report_id'), markedAt: instant(event.markedAt, 'marked_at') });
      }),
      undecodable(ReportMarkedBadEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ClaimOutcomeRecordedEvent,
      guarded(ClaimOutcomeRecordedEvent.type, async (event) => {
        const outcome = claimOutcomes.label(event.outcome);
        // An outcome this build does not know is left out of the statistics rather than redelivered forever.
        if (!outcome) throw new MalformedEvent(`claim outcome ${event.outcome} not known`);
        await follow.outcomeRecorded({ reportId: id(event.reportId, 'report_id'), outcome, recordedAt: instant(event.recordedAt, 'recorded_at') });
      }),
      undecodable(ClaimOutcomeRecordedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      ReportUnservedEvent,
      guarded(ReportUnservedEvent.type, async (event, delivery) => {
        const size = swarmSizes.label(event.size);
        if (!size) throw new MalformedEvent(`swarm size ${event.size} not known`);
        await follow.unserved({ id: id(delivery.id, 'event id'), h3Cell: cell(event.h3Cell), refusedAt: instant(event.refusedAt, 'refused_at'), size });
      }),
      undecodable(ReportUnservedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      MemberChangedEvent,
      guarded(MemberChangedEvent.type, async (event) => {
        // The event names the member and its version only: the coarse home and the range are read from the member service.
        await followMembers.changed({ memberId: id(event.memberId, 'member_id'), version: event.version });
      }),
      undecodable(MemberChangedEvent.type),
    ),
    subscribeTo(
      bus,
      INSIGHTS_CONSUMER,
      MemberDeletedEvent,
      guarded(MemberDeletedEvent.type, async (event) => {
        await followMembers.deleted({ memberId: id(event.memberId, 'member_id') });
      }),
      undecodable(MemberDeletedEvent.type),
    ),
  ]);
}
