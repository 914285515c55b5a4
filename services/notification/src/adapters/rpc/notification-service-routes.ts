import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type ConnectRouter, type ServiceImpl } from '@connectrpc/connect';
import { DispatchStatus, NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { toConnectError } from '@swarm/runtime';
import type { GetAlertDispatch } from '../../app/get-alert-dispatch.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';

const connectCodes: Record<NotificationErrorCode, Code> = {
  'NOTIFICATION.INVALID_EVENT': Code.InvalidArgument,
  'NOTIFICATION.DISPATCH_NOT_FOUND': Code.NotFound,
  'NOTIFICATION.INVALID_INBOUND_SMS': Code.InvalidArgument,
};

export function notificationServiceRoutes(
  useCases: { getAlertDispatch: GetAlertDispatch },
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
          throw toConnectError(error, connectCodes);
        }
      },
    });
  };
}
