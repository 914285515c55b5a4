import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ReportState as ProtoReportState, SwarmSize as ProtoSwarmSize, type ReportSchema } from '@swarm/proto/report/v1/report';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { Report, ReportState, SwarmSize } from '../../domain/report.js';

const sizes: Record<SwarmSize, ProtoSwarmSize> = {
  Softball: ProtoSwarmSize.SOFTBALL,
  Basketball: ProtoSwarmSize.BASKETBALL,
  'Very Large': ProtoSwarmSize.VERY_LARGE,
};

const states: Record<ReportState, ProtoReportState> = {
  active: ProtoReportState.ACTIVE,
  claimed: ProtoReportState.CLAIMED,
  bad: ProtoReportState.BAD,
};

export function toProtoState(state: ReportState): ProtoReportState {
  return states[state];
}

export function toProtoSize(size: SwarmSize): ProtoSwarmSize {
  return sizes[size];
}

/** An unknown or unspecified size maps to '' so the domain's own check reports it. */
export function fromProtoSize(size: ProtoSwarmSize): string {
  return (Object.entries(sizes).find(([, value]) => value === size)?.[0] as SwarmSize | undefined) ?? '';
}

/** The report as other services see it: without the reporter's name and phone. */
export function toProtoReport(report: Report): MessageInitShape<typeof ReportSchema> {
  return {
    reportId: report.reportId,
    state: states[report.state],
    size: toProtoSize(report.size),
    elevationFeet: report.elevationFeet,
    address: report.address,
    claimCode: report.claimCode,
    createdAt: timestampFromDate(report.createdAt),
    location: { latitude: report.location.latitude, longitude: report.location.longitude },
  };
}
