import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ServiceImpl } from '@connectrpc/connect';
import type { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { HandleInboundSms } from '../../app/handle-inbound-sms.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';
import type { DevOutboxSmsSender } from '../dev-outbox/dev-outbox-sms-sender.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<NotificationErrorCode>();

/** The inbound-SMS methods of NotificationService, merged into the service's routes. */
export function inboundSmsHandlers(useCases: {
  handleInboundSms: HandleInboundSms;
  /** Only when SMS go to the dev outbox. */
  devOutbox: DevOutboxSmsSender | undefined;
}): Pick<ServiceImpl<typeof NotificationService>, 'handleInboundSms' | 'listDevOutboxSms'> {
  return {
    async handleInboundSms(request) {
      try {
        return { reply: await useCases.handleInboundSms.execute({ from: request.from, body: request.body, messageSid: request.messageSid }) };
      } catch (error) {
        throw toConnect(error);
      }
    },
    async listDevOutboxSms() {
      if (!useCases.devOutbox) return { enabled: false, messages: [] };
      return {
        enabled: true,
        messages: useCases.devOutbox.list().map((sms) => ({ to: sms.to, body: sms.body, sentAt: timestampFromDate(sms.sentAt), providerId: sms.providerId })),
      };
    },
  };
}
