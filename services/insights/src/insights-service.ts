import type { ConnectRouter } from '@connectrpc/connect';
import { FollowReportHistory } from './app/follow-report-history.js';
import { GetAssociationMap } from './app/get-association-map.js';
import { GetAssociationStatistics } from './app/get-association-statistics.js';
import { ListAssociationReports } from './app/list-association-reports.js';
import { FollowMemberReach } from './app/follow-member-reach.js';
import { MemberReaches } from './app/member-reaches.js';
import type { AssociationMembers, Clock, MemberDirectory, MemberReachRepository, PlaceNames, ReportStatisticsRepository, UnservedDemandRepository } from './app/ports.js';
import { insightsServiceRoutes } from './adapters/rpc/insights-service-routes.js';

/** Wires the insights use cases to the adapters its composition (or a test) chose; every port is given. */
export function buildInsightsService(ports: {
  statistics: ReportStatisticsRepository;
  unserved: UnservedDemandRepository;
  reach: MemberReachRepository;
  members: MemberDirectory;
  associationMembers: AssociationMembers;
  places: PlaceNames;
  clock: Clock;
}): {
  routes: (router: ConnectRouter) => void;
  follow: FollowReportHistory;
  followMembers: FollowMemberReach;
} {
  const reaches = new MemberReaches(ports);
  return {
    routes: insightsServiceRoutes({
      getAssociationStatistics: new GetAssociationStatistics(ports),
      getAssociationMap: new GetAssociationMap({ ...ports, reaches }),
      listAssociationReports: new ListAssociationReports(ports),
    }),
    follow: new FollowReportHistory(ports),
    followMembers: new FollowMemberReach({ reaches }),
  };
}
