import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  ClaimOutcomeRecordedEvent,
  ReportClaimedEvent,
  ReportClosedEvent,
  ReportDepartedEvent,
  ReporterDataErasedEvent,
  ReporterSaidGoneEvent,
  ReportExpiredEvent,
  ReportMarkedBadEvent,
  ReportSubmittedEvent,
  ReportUnclaimedEvent,
  ReportUnservedEvent,
  type OutboxMessage,
} from '@swarm/runtime';
import type { ReportEvent } from '../../domain/report-events.js';
import type { ReportUnserved } from '../../domain/unserved-demand.js';
import { badReportReasons, claimOutcomes, languages } from '@swarm/proto/labels';
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
          widerCoverage: event.widerCoverage,
          reporterUpdates: event.reporterUpdates,
          reporterPhone: event.reporterPhone,
          expiresAt: timestampFromDate(event.expiresAt),
          town: event.town,
          hasPicture: event.hasPicture,
          reporterLanguage: languages.valueOf(event.reporterLanguage),
        }),
        createdAt: event.submittedAt,
      };
    case 'report.claimed':
      return {
        ...ReportClaimedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          claimedAt: timestampFromDate(event.claimedAt),
          closesAt: timestampFromDate(event.closesAt),
        }),
        createdAt: event.claimedAt,
      };
    case 'report.unclaimed':
      return {
        ...ReportUnclaimedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          unclaimedAt: timestampFromDate(event.unclaimedAt),
          expiresAt: timestampFromDate(event.expiresAt),
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
    case 'report.expired':
      return {
        ...ReportExpiredEvent.toMessage(event.eventId, { reportId: event.reportId, expiredAt: timestampFromDate(event.expiredAt) }),
        createdAt: event.expiredAt,
      };
    case 'report.closed':
      return {
        ...ReportClosedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          closedAt: timestampFromDate(event.closedAt),
        }),
        createdAt: event.closedAt,
      };
    case 'report.departed':
      return {
        ...ReportDepartedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          claimCode: event.claimCode,
          departedAt: timestampFromDate(event.departedAt),
        }),
        createdAt: event.departedAt,
      };
    case 'report.reporter_said_gone':
      return {
        ...ReporterSaidGoneEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          claimCode: event.claimCode,
          saidAt: timestampFromDate(event.saidAt),
        }),
        createdAt: event.saidAt,
      };
    case 'report.outcome_recorded':
      return {
        ...ClaimOutcomeRecordedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          memberId: event.memberId,
          outcome: claimOutcomes.valueOf(event.outcome),
          recordedAt: timestampFromDate(event.recordedAt),
        }),
        createdAt: event.recordedAt,
      };
    case 'report.reporter_data_erased':
      return {
        ...ReporterDataErasedEvent.toMessage(event.eventId, { reportId: event.reportId, erasedAt: timestampFromDate(event.erasedAt) }),
        createdAt: event.erasedAt,
      };
  }
}

/** Carries the cell, the time and the size: nothing else of the refused report leaves the service. */
export function unservedOutboxMessage(event: ReportUnserved): OutboxMessage {
  return {
    ...ReportUnservedEvent.toMessage(event.eventId, { h3Cell: event.h3Cell, refusedAt: timestampFromDate(event.refusedAt), size: toProtoSize(event.size) }),
    createdAt: event.refusedAt,
  };
}
