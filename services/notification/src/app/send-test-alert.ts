import { alertDeliveries, type AlertChannel } from '../domain/alert-channels.js';
import { alertChannelsOf } from '../domain/member-settings.js';
import { NotificationError } from '../domain/notification-error.js';
import { TEST_ALERT_FACTS } from '../domain/test-alert.js';
import type { MemberSettings } from './member-settings.js';
import type { ClaimTokens } from './ports/claim-tokens.js';
import type { Clock, DispatchLog } from './ports/clock-and-log.js';
import type { SendAlertMessage } from './send-alert-message.js';

const DAY_MS = 24 * 3_600_000;

export const TEST_ALERT_NOT_SENT_MESSAGE =
  'No test alert could be sent: none of the ways you chose reaches you yet. Check your phone number, email and devices, or tick another way to be alerted.';

/**
 * 'Send me a test alert': an alert exactly as a real one looks, on each channel the member chose, charged to nobody.
 * Its claim token is marked as a test's, so claiming it does nothing. Read with the member's current settings, so a
 * device added a moment ago gets it. Refused (NOTIFICATION.TEST_ALERT_NOT_SENT) when no channel took it.
 */
export class SendTestAlert {
  constructor(private readonly ports: { members: MemberSettings; messages: SendAlertMessage; claimTokens: ClaimTokens; clock: Clock; log: DispatchLog }) {}

  async execute(memberId: string): Promise<AlertChannel[]> {
    const { members, messages, claimTokens, clock, log } = this.ports;
    const settings = await members.current(memberId);
    if (!settings) throw new NotificationError('NOTIFICATION.MEMBER_NOT_FOUND', 'no such member');
    const now = clock.now();
    const sendKey = `test--${memberId}--${now.getTime()}`;
    const claimToken = claimTokens.sign({ reportId: 'test', memberId, sendKey, expiresAt: new Date(now.getTime() + DAY_MS), test: true });
    const member = { memberId, channels: alertChannelsOf(settings), phoneNumber: settings.phoneNumber, ...(settings.email ? { email: settings.email } : {}), pushTargets: settings.pushTargets ?? [] };
    const reached = new Set<AlertChannel>();
    for (const delivery of alertDeliveries(sendKey, member)) {
      if (!messages.available(delivery.channel)) continue;
      const answer = await messages.send(delivery, { ...TEST_ALERT_FACTS, reportId: 'test', hasPicture: false, wider: false, test: true }, claimToken, undefined);
      if (answer.kind === 'sent') reached.add(delivery.channel);
      else log.info({ memberId, channel: delivery.channel, reason: answer.reason }, 'test alert not taken');
    }
    // An empty success would read as 'on its way' to the member: nothing went, so it is refused and said why.
    if (reached.size === 0) throw new NotificationError('NOTIFICATION.TEST_ALERT_NOT_SENT', TEST_ALERT_NOT_SENT_MESSAGE);
    return [...reached];
  }
}
