/**
 * A browser or phone a member gets notifications on: its push subscription (checked by validateDeviceSubscription)
 * under the name the member gave it. The endpoint is the device's identity: one device per endpoint across all members.
 */
export type PushDevice = {
  deviceId: string;
  /** Trimmed, 1 to 60 characters, e.g. 'Pixel 8 (Chrome)'. */
  name: string;
  /** The push service URL messages for this device are posted to; a secret of the device, never shown or logged. */
  endpoint: string;
  /** The subscription's keys, base64url: the browser's P-256 public key and its 16-octet auth secret. */
  p256dh: string;
  auth: string;
  addedAt: Date;
};

/** Enough for a member's phones, tablets and computers; each alert is one push message per device. */
export const MAX_PUSH_DEVICES = 10;

export const TOO_MANY_DEVICES_MESSAGE = `You can get notifications on at most ${MAX_PUSH_DEVICES} devices. Remove one first.`;

/**
 * The member's devices with `device` added. A device of theirs on the same endpoint is the same device subscribing
 * again: it takes the new name and keys and keeps its id and date. Undefined when the member would have more than
 * MAX_PUSH_DEVICES.
 */
export function withPushDevice(devices: readonly PushDevice[], device: PushDevice): PushDevice[] | undefined {
  const same = devices.find((existing) => existing.endpoint === device.endpoint);
  if (same) {
    return devices.map((existing) => (existing === same ? { ...device, deviceId: same.deviceId, addedAt: same.addedAt } : existing));
  }
  if (devices.length >= MAX_PUSH_DEVICES) return undefined;
  return [...devices, device];
}
