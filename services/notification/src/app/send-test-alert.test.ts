import { describe, expect, it } from 'vitest';
import { DevOutboxPushSender } from '../adapters/dev-outbox/dev-outbox-push-sender.js';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { FakeMemberDirectory, memberSettingsFrom, silentLog, withoutOtherChannels } from '../testing/dispatch-fakes.js';
import { SendAlertMessage } from './send-alert-message.js';
import { SendTestAlert, TEST_ALERT_NOT_SENT_MESSAGE } from './send-test-alert.js';

describe('SendTestAlert', () => {
  const setUp = () => {
    const members = new FakeMemberDirectory();
    const sms = new DevOutboxSmsSender();
    const push = new DevOutboxPushSender();
    const emails: { to: string; subject: string; text: string }[] = [];
    const channels = { ...withoutOtherChannels(), push, mailer: { send: async (message: { to: string; subject: string; text: string }) => void emails.push(message) } };
    const messages = new SendAlertMessage({ ...channels, sms, memberDirectory: members, log: silentLog });
    const send = new SendTestAlert({ members: memberSettingsFrom(members), messages, claimTokens: channels.claimTokens, clock: new ManualClock(new Date('2026-06-01T18:00:00Z')), log: silentLog });
    return { members, sms, push, emails, send, claimTokens: channels.claimTokens };
  };

  it('sends an alert like a real one on every channel the member chose, with a test token', async () => {
    const { members, sms, push, emails, send, claimTokens } = setUp();
    members.set('ada', {
      phoneNumber: '5035550101',
      email: 'ada@example.org',
      channels: { sms: true, push: true, email: true },
      pushTargets: [{ deviceId: 'd1', name: 'Pixel', endpoint: 'https://push.example/d1', p256dh: 'k', auth: 'a' }],
    });
    expect((await send.execute('ada')).sort()).toEqual(['email', 'push', 'sms']);
    expect(sms.list()[0]?.body).toBe('[Test] Swarm Alert: Basketball swarm, 12 ft up, 1.5 mi from home. To claim it, reply with the code 00000');
    const [notification] = push.list();
    expect(notification?.payload).toMatchObject({ title: 'Swarm Alert', body: 'Basketball swarm, 12 ft up, 1.5 mi from home, in Test alert. Claim code 00000' });
    expect(notification?.recipient).toEqual({ memberId: 'ada', deviceName: 'Pixel' });
    const payload = notification?.payload;
    expect(claimTokens.verify(payload?.type === 'swarm-alert' ? payload.claimToken : '')).toMatchObject({ memberId: 'ada', test: true });
    expect(emails[0]).toMatchObject({ to: 'ada@example.org', subject: expect.stringMatching(/^\[Test\] Swarm Alert/) });
  });

  it('sends only by the channels chosen, and refuses a member it does not know', async () => {
    const { members, sms, push, send } = setUp();
    members.set('bea', { phoneNumber: '5035550102', channels: { sms: true, push: false, email: false } });
    expect(await send.execute('bea')).toEqual(['sms']);
    expect(push.list()).toEqual([]);
    expect(sms.list()).toHaveLength(1);
    members.left.add('cal');
    await expect(send.execute('cal')).rejects.toMatchObject({ code: 'NOTIFICATION.MEMBER_NOT_FOUND' });
  });

  it('refuses, sending nothing, when no chosen channel can take it', async () => {
    const { members, sms, push, emails, send } = setUp();
    // Notifications chosen, but the device was removed since; email chosen with no address known.
    members.set('dan', { phoneNumber: '5035550103', channels: { sms: false, push: true, email: false }, pushTargets: [] });
    await expect(send.execute('dan')).rejects.toMatchObject({ code: 'NOTIFICATION.TEST_ALERT_NOT_SENT', message: TEST_ALERT_NOT_SENT_MESSAGE });
    members.set('eve', { phoneNumber: '5035550104', channels: { sms: false, push: false, email: true } });
    await expect(send.execute('eve')).rejects.toMatchObject({ code: 'NOTIFICATION.TEST_ALERT_NOT_SENT' });
    expect([sms.list(), push.list(), emails]).toEqual([[], [], []]);
  });
});
