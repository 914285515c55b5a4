import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { reportStates, swarmSizes } from '@swarm/proto/labels';
import type { ReportState as ProtoReportState, ReportSchema, SwarmSize as ProtoSwarmSize } from '@swarm/proto/report/v1/report';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Report, ReportState, SwarmSize } from '../../domain/report.js';

export function toProtoState(state: ReportState): ProtoReportState {
  return reportStates.valueOf(state);
}

export function toProtoSize(size: SwarmSize): ProtoSwarmSize {
  return swarmSizes.valueOf(size);
}

/** The report as other services see it: without the reporter's name and phone. */
export function toProtoReport(report: Report): MessageInitShape<typeof ReportSchema> {
  return {
    reportId: report.reportId,
    state: toProtoState(report.state),
    size: toProtoSize(report.size),
    elevationFeet: report.elevationFeet,
    address: report.address,
    claimCode: report.claimCode,
    createdAt: timestampFromDate(report.createdAt),
    location: { latitude: report.location.latitude, longitude: report.location.longitude },
  };
}
