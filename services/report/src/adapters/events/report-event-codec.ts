import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ReportSubmittedEvent, type OutboxMessage } from '@swarm/runtime';
import type { ReportEvent } from '../../domain/report-events.js';
import { toProtoSize } from '../rpc/report-mapping.js';

/** Turns the domain's events into the protobuf messages other services read. */
export function toOutboxMessage(event: ReportEvent): OutboxMessage {
  switch (event.kind) {
    case 'report.submitted':
      return {
        ...ReportSubmittedEvent.toMessage(event.eventId, {
          reportId: event.reportId,
          size: toProtoSize(event.size),
          elevationFeet: event.elevationFeet,
          location: { latitude: event.location.latitude, longitude: event.location.longitude },
          submittedAt: timestampFromDate(event.submittedAt),
        }),
        createdAt: event.submittedAt,
      };
  }
}
