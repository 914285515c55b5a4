import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter, type ServiceImpl } from '@connectrpc/connect';
import { DispatchStatus, NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { GetAlertDispatch } from '../../app/get-alert-dispatch.js';
import type { GetAssociationStatistics } from '../../app/get-association-statistics.js';
import type { ListMemberAlerts } from '../../app/list-member-alerts.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';
import type { AssociationFigures } from '../../domain/statistics.js';
import { toProtoChannel } from './channel-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<NotificationErrorCode>();

/** The domain's figures carry the proto's field names; only the period bounds change type. */
const toProtoStatistics = (figures: AssociationFigures) => ({
  ...figures,
  periodStart: timestampFromDate(figures.periodStart),
  periodEnd: timestampFromDate(figures.periodEnd),
});

export function notificationServiceRoutes(
  useCases: {
    getAlertDispatch: GetAlertDispatch;
    getAssociationStatistics: GetAssociationStatistics;
    /** Absent where this service sends no alerts: the list is empty. */
    listMemberAlerts?: ListMemberAlerts | undefined;
  },
  /** Methods implemented elsewhere (inbound SMS): one service takes all its methods in one registration. */
  moreHandlers: Partial<ServiceImpl<typeof NotificationService>> = {},
) {
  return (router: ConnectRouter) => {
    router.service(NotificationService, {
      ...moreHandlers,
      async getAlertDispatch(request) {
        try {
          const dispatch = await useCases.getAlertDispatch.execute(request.reportId);
          return {
            dispatch: { reportId: dispatch.reportId, status: dispatch.status === 'scheduled' ? DispatchStatus.SCHEDULED : DispatchStatus.RECEIVED, receivedAt: timestampFromDate(dispatch.receivedAt) },
          };
        } catch (error) {
          throw toConnect(error);
        }
      },
      async listMemberAlerts(request) {
        const alerts = (await useCases.listMemberAlerts?.execute(request.memberId)) ?? [];
        return {
          alerts: alerts.map((alert) => ({
            reportId: alert.reportId,
            companyName: alert.companyName,
            distanceMiles: alert.distanceMiles,
            // Records made before channels existed went by text message.
            channels: (alert.channels ?? ['sms']).map(toProtoChannel),
            sentAt: timestampFromDate(alert.sentAt ?? alert.startedAt),
          })),
        };
      },
      async getAssociationStatistics(request) {
        try {
          if (!request.companyId.trim()) throw new ConnectError('company_id is required', Code.InvalidArgument);
          const { weeks, total } = await useCases.getAssociationStatistics.execute({
            companyId: request.companyId,
            since: request.since && timestampDate(request.since),
            until: request.until && timestampDate(request.until),
          });
          return { weeks: weeks.map(toProtoStatistics), total: toProtoStatistics(total) };
        } catch (error) {
          throw toConnect(error);
        }
      },
    });
  };
}
