import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ServiceImpl } from '@connectrpc/connect';
import { ClaimableState, ClaimWithTokenOutcome, type NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { AlertView, ClaimWithToken, GetAlertByClaimToken, TokenClaimOutcome } from '../../app/claim-with-token.js';
import type { SendTestAlert } from '../../app/send-test-alert.js';
import type { NotificationErrorCode } from '../../domain/notification-error.js';
import type { DevOutboxPushSender } from '../dev-outbox/dev-outbox-push-sender.js';
import { toProtoChannel } from './channel-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<NotificationErrorCode>();

const STATES: Record<AlertView['state'], ClaimableState> = {
  open: ClaimableState.OPEN,
  yours: ClaimableState.YOURS,
  taken: ClaimableState.TAKEN,
  over: ClaimableState.OVER,
};

const OUTCOMES: Record<TokenClaimOutcome['kind'], ClaimWithTokenOutcome> = {
  claimed: ClaimWithTokenOutcome.CLAIMED,
  'already-yours': ClaimWithTokenOutcome.ALREADY_YOURS,
  taken: ClaimWithTokenOutcome.TAKEN,
  over: ClaimWithTokenOutcome.OVER,
  test: ClaimWithTokenOutcome.TEST,
};

/** The claim-token, test-alert and dev-outbox-notification methods of NotificationService. */
export function claimTokenHandlers(useCases: {
  claimWithToken: ClaimWithToken;
  getAlertByClaimToken: GetAlertByClaimToken;
  sendTestAlert: SendTestAlert;
  /** Only when notifications go to the dev outbox. */
  devPush: DevOutboxPushSender | undefined;
}): Pick<ServiceImpl<typeof NotificationService>, 'claimWithToken' | 'getAlertByClaimToken' | 'sendTestAlert' | 'listDevOutboxNotifications'> {
  const mapped = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw toConnect(error);
    }
  };
  return {
    getAlertByClaimToken: (request) =>
      mapped(async () => {
        const alert = await useCases.getAlertByClaimToken.execute(request.claimToken);
        return { alert: { ...alert, state: STATES[alert.state], alertedAt: timestampFromDate(alert.alertedAt) } };
      }),
    claimWithToken: (request) =>
      mapped(async () => {
        const outcome = await useCases.claimWithToken.execute(request.claimToken);
        return { outcome: OUTCOMES[outcome.kind], message: outcome.message, claimCode: outcome.claimCode, ...(outcome.location ? { location: outcome.location } : {}) };
      }),
    sendTestAlert: (request) =>
      mapped(async () => {
        if (!request.memberId.trim()) throw new ConnectError('member_id is required', Code.InvalidArgument);
        return { channels: (await useCases.sendTestAlert.execute(request.memberId)).map(toProtoChannel) };
      }),
    listDevOutboxNotifications: async () => {
      if (!useCases.devPush) return { enabled: false, notifications: [] };
      return {
        enabled: true,
        notifications: useCases.devPush.list().map(({ recipient, payload, sentAt }) => ({
          deviceName: recipient?.deviceName ?? '',
          memberId: recipient?.memberId ?? '',
          title: payload.title,
          body: payload.body,
          // A location notification has no picture and nothing to claim.
          imageUrl: payload.type === 'swarm-alert' ? (payload.image ?? '') : '',
          claimToken: payload.type === 'swarm-alert' ? payload.claimToken : '',
          sentAt: timestampFromDate(sentAt),
        })),
      };
    },
  };
}
