import { describe, expect, it } from 'vitest';
import { defaultAlertChannels } from '@/testing/fake-member-api';
import { channelList, formatAddedDate, leavesSomeChannel, locationArrivesMessage, testAlertSentMessage } from './alert-channel-rules';

const phone = { deviceId: 'phone', name: 'Chrome on Android', addedAt: '' };

describe('alert channel rules', () => {
  it('names the channels a test alert comes by', () => {
    expect(testAlertSentMessage(['sms'])).toBe('A test alert is on its way by text message.');
    expect(testAlertSentMessage(['push', 'email'])).toBe('A test alert is on its way by notification and email.');
    expect(testAlertSentMessage(['sms', 'push', 'email'])).toBe('A test alert is on its way by text message, notification and email.');
    expect(testAlertSentMessage([])).toBe('A test alert is on its way.');
    expect(channelList(['sms', 'pigeon'])).toBe('text message and pigeon');
  });

  it('counts notifications as a way to be alerted only while some device gets them', () => {
    expect(leavesSomeChannel(defaultAlertChannels(), { sms: false })).toBe(false);
    expect(leavesSomeChannel(defaultAlertChannels({ push: true, devices: [phone] }), { sms: false })).toBe(true);
    expect(leavesSomeChannel(defaultAlertChannels({ push: true }), { sms: false })).toBe(false);
    expect(leavesSomeChannel(defaultAlertChannels({ sms: false, push: true, devices: [phone] }), { devicesLeft: [] })).toBe(false);
    expect(leavesSomeChannel(defaultAlertChannels({ sms: false, email: true, push: true, devices: [phone] }), { devicesLeft: [] })).toBe(true);
  });

  it('says how the location of a claimed swarm arrives: the ways the member is alerted', () => {
    expect(locationArrivesMessage(defaultAlertChannels())).toBe('When you claim a swarm, its location and the reporter’s phone come to you by text message.');
    expect(locationArrivesMessage(defaultAlertChannels({ sms: false, email: true }))).toBe('When you claim a swarm, its location and the reporter’s phone come to you by email.');
    expect(locationArrivesMessage(defaultAlertChannels({ push: true, email: true, devices: [phone] }))).toBe(
      'When you claim a swarm, its location and the reporter’s phone come to you by text message, notification and email.',
    );
    // Notifications with no device reach nobody: the location would then come by text message.
    expect(locationArrivesMessage(defaultAlertChannels({ sms: false, push: true }))).toBe('When you claim a swarm, its location and the reporter’s phone come to you by text message.');
  });

  it("shows the day a device was added, in the phone's time zone", () => {
    expect(formatAddedDate(new Date(2026, 4, 1, 23, 30).toISOString())).toBe('2026-05-01');
    expect(formatAddedDate('')).toBe('');
    expect(formatAddedDate('soon')).toBe('');
  });
});
