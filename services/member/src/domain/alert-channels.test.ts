import { describe, expect, it } from 'vitest';
import { alertChannelsOf, checkAlertChannels, DEFAULT_ALERT_CHANNELS, NO_DEVICE_FOR_PUSH_MESSAGE } from './alert-channels.js';
import { MemberError } from './member-error.js';

describe('alert channels', () => {
  it('alerts a member who never chose by text message only', () => {
    expect(alertChannelsOf(undefined)).toEqual({ sms: true, push: false, email: false });
  });

  it("keeps a member's own choice, and never hands out the shared default to be changed", () => {
    expect(alertChannelsOf({ sms: false, push: true, email: true })).toEqual({ sms: false, push: true, email: true });
    const channels = alertChannelsOf(undefined);
    channels.push = true;
    expect(DEFAULT_ALERT_CHANNELS).toEqual({ sms: true, push: false, email: false });
  });

  it.each([
    { sms: true, push: false, email: false },
    { sms: false, push: true, email: false },
    { sms: false, push: false, email: true },
    { sms: true, push: true, email: true },
  ])('accepts %j from a member with a device', (channels) => {
    expect(checkAlertChannels(channels, { deviceCount: 1 })).toEqual(channels);
  });

  it('accepts notifications beside another channel before any device is added', () => {
    expect(checkAlertChannels({ sms: true, push: true, email: false }, { deviceCount: 0 })).toEqual({ sms: true, push: true, email: false });
    expect(checkAlertChannels({ sms: false, push: true, email: true }, { deviceCount: 0 })).toEqual({ sms: false, push: true, email: true });
  });

  it('refuses notifications alone from a member with no device: such an alert would reach nobody', () => {
    expect(() => checkAlertChannels({ sms: false, push: true, email: false }, { deviceCount: 0 })).toThrow(
      expect.objectContaining({ code: 'MEMBER.INVALID_ALERT_CHANNELS', message: NO_DEVICE_FOR_PUSH_MESSAGE }),
    );
  });

  it('refuses every channel off with MEMBER.INVALID_ALERT_CHANNELS and the message the member area shows', () => {
    let refusal: unknown;
    try {
      checkAlertChannels({ sms: false, push: false, email: false }, { deviceCount: 1 });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(MemberError);
    expect(refusal).toMatchObject({ code: 'MEMBER.INVALID_ALERT_CHANNELS', message: 'Choose at least one way to be alerted.' });
  });
});
