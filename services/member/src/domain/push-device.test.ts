import { describe, expect, it } from 'vitest';
import { MAX_PUSH_DEVICES, TOO_MANY_DEVICES_MESSAGE, withPushDevice, type PushDevice } from './push-device.js';

const device = (index: number, overrides: Partial<PushDevice> = {}): PushDevice => ({
  deviceId: `device-${index}`,
  name: `Phone ${index}`,
  endpoint: `https://fcm.googleapis.com/fcm/send/${index}`,
  p256dh: `p256dh-${index}`,
  auth: `auth-${index}`,
  addedAt: new Date(Date.UTC(2026, 5, 1, index)),
  ...overrides,
});

describe('withPushDevice', () => {
  it('adds a device after the ones the member has', () => {
    expect(withPushDevice([device(1)], device(2))).toEqual([device(1), device(2)]);
  });

  it('takes the new name and keys for an endpoint the member already has, keeping its id and date', () => {
    const again = device(9, { endpoint: device(1).endpoint, name: 'Pixel 8', p256dh: 'new-key', auth: 'new-auth' });
    expect(withPushDevice([device(1), device(2)], again)).toEqual([
      { ...device(1), name: 'Pixel 8', p256dh: 'new-key', auth: 'new-auth' },
      device(2),
    ]);
  });

  it(`allows ${MAX_PUSH_DEVICES} devices and refuses one more, but a device subscribing again is no more`, () => {
    const full = Array.from({ length: MAX_PUSH_DEVICES }, (_, index) => device(index));
    expect(withPushDevice(full.slice(1), device(0))).toHaveLength(MAX_PUSH_DEVICES);
    expect(withPushDevice(full, device(MAX_PUSH_DEVICES))).toBeUndefined();
    expect(withPushDevice(full, device(99, { endpoint: device(3).endpoint }))).toHaveLength(MAX_PUSH_DEVICES);
  });

  it('says the limit in the message the member sees', () => {
    expect(TOO_MANY_DEVICES_MESSAGE).toBe('You can get notifications on at most 10 devices. Remove one first.');
  });
});
