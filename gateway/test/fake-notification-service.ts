import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { ClaimableState, ClaimWithTokenOutcome, NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { toConnectError } from '@swarm/runtime';

/** Where the fake's claimed swarm is, as the claimer's answer gives it. */
export const CLAIMED_LOCATION = { address: '1 Hive Way, Portland, OR', reporterName: 'Jo Doe', reporterPhone: '5035550177', mapUrl: 'https://maps.google.com/?q=45.51520,-122.67840' };

/** What the notification service says when no chosen channel took a test alert. */
export const NOTHING_SENT_MESSAGE = 'No test alert could be sent: none of the ways you chose reaches you yet.';

/** A refusal as the notification service raises it: its rule code attached, the Connect code the error table's. */
const refusal = (code: string, message: string) => toConnectError(Object.assign(new Error(message), { code }));

type Alert = {
  reportId: string;
  claimCode: string;
  size: string;
  elevationFeet: number;
  distanceMiles: number;
  town: string;
  thumbnailUrl: string;
  alertedAt: Date;
  state: ClaimableState;
  test: boolean;
};

type DevNotification = { deviceName: string; memberId: string; title: string; body: string; imageUrl: string; claimToken: string; sentAt: Date };

/**
 * The notification service's claim tokens, test alert and dev outbox as the gateway sees them over Connect: a token is
 * known, expired (FAILED_PRECONDITION) or anything else (INVALID_ARGUMENT, a malformed or forged token), as the proto
 * says. It remembers what it was asked.
 */
export class FakeNotificationService {
  private readonly alerts = new Map<string, Alert>();
  private readonly expired = new Set<string>();
  /** Claim tokens in the order they were presented, once per call. */
  readonly claimsAsked: string[] = [];
  readonly testAlertsAsked: string[] = [];
  testAlertChannels: AlertChannel[] = [AlertChannel.SMS];
  /** Members the service does not know (SendTestAlert answers NOT_FOUND for them). */
  readonly unknownMembers = new Set<string>();
  notificationsEnabled = true;
  /** Answers every call UNAVAILABLE, as a notification service that is down. */
  unavailable = false;
  readonly notifications: DevNotification[] = [];

  /** A token standing for an open alert, or the alert given. */
  issue(token: string, overrides: Partial<Alert> = {}): Alert {
    const alert: Alert = {
      reportId: 'r-6f1c2a',
      claimCode: '04217',
      size: 'Basketball',
      elevationFeet: 12,
      distanceMiles: 2.3,
      town: 'Springfield',
      thumbnailUrl: 'https://swarm-alert.example/api/reports/r-6f1c2a/thumbnail?signature=abc',
      alertedAt: new Date('2026-06-01T12:00:00.000Z'),
      state: ClaimableState.OPEN,
      test: false,
      ...overrides,
    };
    this.alerts.set(token, alert);
    return alert;
  }

  expire(token: string): void {
    this.expired.add(token);
  }

  private alertOf(token: string): Alert {
    if (this.unavailable) throw new ConnectError('connect ECONNREFUSED', Code.Unavailable);
    if (this.expired.has(token)) throw refusal('NOTIFICATION.CLAIM_TOKEN_EXPIRED', 'claim token expired');
    const alert = this.alerts.get(token);
    if (!alert) throw refusal('NOTIFICATION.INVALID_CLAIM_TOKEN', 'invalid claim token');
    return alert;
  }

  readonly routes = (router: ConnectRouter): void => {
    router.service(NotificationService, {
      getAlertByClaimToken: (request) => {
        const alert = this.alertOf(request.claimToken);
        const location = alert.state === ClaimableState.YOURS && !alert.test ? { location: CLAIMED_LOCATION } : {};
        return { alert: { ...alert, alertedAt: timestampFromDate(alert.alertedAt), ...location } };
      },
      claimWithToken: (request) => {
        this.claimsAsked.push(request.claimToken);
        const alert = this.alertOf(request.claimToken);
        if (alert.test) return { outcome: ClaimWithTokenOutcome.TEST, message: 'This was a test alert: nothing was claimed.', claimCode: alert.claimCode };
        if (alert.state === ClaimableState.TAKEN) {
          return { outcome: ClaimWithTokenOutcome.TAKEN, message: 'Another beekeeper claimed this swarm first.', claimCode: alert.claimCode };
        }
        if (alert.state === ClaimableState.YOURS) return { outcome: ClaimWithTokenOutcome.ALREADY_YOURS, message: 'This swarm is already yours.', claimCode: alert.claimCode };
        alert.state = ClaimableState.YOURS;
        return { outcome: ClaimWithTokenOutcome.CLAIMED, message: 'Claimed: the location is on its way.', claimCode: alert.claimCode, location: CLAIMED_LOCATION };
      },
      sendTestAlert: (request) => {
        this.testAlertsAsked.push(request.memberId);
        if (this.unknownMembers.has(request.memberId)) throw refusal('NOTIFICATION.MEMBER_NOT_FOUND', 'member not found');
        if (this.testAlertChannels.length === 0) throw refusal('NOTIFICATION.TEST_ALERT_NOT_SENT', NOTHING_SENT_MESSAGE);
        return { channels: this.testAlertChannels };
      },
      listDevOutboxNotifications: () => ({
        enabled: this.notificationsEnabled,
        notifications: this.notificationsEnabled ? this.notifications.map((notification) => ({ ...notification, sentAt: timestampFromDate(notification.sentAt) })) : [],
      }),
    });
  };
}
