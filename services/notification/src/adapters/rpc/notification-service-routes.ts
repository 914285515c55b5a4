import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, type ConnectRouter } from '@connectrpc/connect';
import { DispatchStatus, NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { toConnectError } from '@swarm/runtime';
import type { GetAlertDispatch } from '../../app/get-alert-dispatch.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';

const connectCodes: Record<NotificationErrorCode, Code> = {
  'NOTIFICATION.INVALID_EVENT': Code.InvalidArgument,
  'NOTIFICATION.DISPATCH_NOT_FOUND': Code.NotFound,
};

export function notificationServiceRoutes(useCases: { getAlertDispatch: GetAlertDispatch }) {
  return (router: ConnectRouter) => {
    router.service(NotificationService, {
      async getAlertDispatch(request) {
        try {
          const dispatch = await useCases.getAlertDispatch.execute(request.reportId);
          return {
            dispatch: { reportId: dispatch.reportId, status: DispatchStatus.RECEIVED, receivedAt: timestampFromDate(dispatch.receivedAt) },
          };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
    });
  };
}
