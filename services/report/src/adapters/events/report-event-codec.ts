import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ReportClaimedEvent, ReportMarkedBadEvent, ReportSubmittedEvent, ReportUnclaimedEvent, type OutboxMessage } from '@swarm/runtime';
import type { ReportEvent } from '../../domain/report-events.js';
import { badReportReasons } from '@swarm/proto/labels';
import { toProtoSize } from '../rpc/report-mapping.js';

/** Turns the domain's events into the protobuf messages other services read. */
export function toOutboxMessage(event: ReportEvent): OutboxMessage {
  switch (event.kind) {
    case 'report.submitted':
      return {
        ...ReportSubmittedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          claimCode: event.claimCode,
          size: toProtoSize(event.size),
          elevationFeet: event.elevationFeet,
          location: { latitude: event.location.latitude, longitude: event.location.longitude },
          submittedAt: timestampFromDate(event.submittedAt),
          coverage: event.coverage,
        }),
        createdAt: event.submittedAt,
      };
    case 'report.claimed':
      return {
        ...ReportClaimedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          claimedAt: timestampFromDate(event.claimedAt),
        }),
        createdAt: event.claimedAt,
      };
    case 'report.unclaimed':
      return {
        ...ReportUnclaimedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          unclaimedAt: timestampFromDate(event.unclaimedAt),
        }),
        createdAt: event.unclaimedAt,
      };
    case 'report.marked_bad':
      return {
        ...ReportMarkedBadEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          reason: badReportReasons.valueOf(event.reason),
          markedAt: timestampFromDate(event.markedAt),
        }),
        createdAt: event.markedAt,
      };
  }
}
