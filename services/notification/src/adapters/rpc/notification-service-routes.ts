import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ConnectRouter, ServiceImpl } from '@connectrpc/connect';
import { DispatchStatus, NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { GetAlertDispatch } from '../../app/get-alert-dispatch.js';
import type { ListMemberAlerts } from '../../app/list-member-alerts.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';
import { toProtoChannel } from './channel-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<NotificationErrorCode>();

export function notificationServiceRoutes(
  useCases: {
    getAlertDispatch: GetAlertDispatch;
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
    });
  };
}
