import { MemberError } from '../domain/member-error.js';
import { TOO_MANY_DEVICES_MESSAGE, type PushDevice } from '../domain/push-device.js';
import { validateDeviceSubscription, type SubscriptionRules } from '../domain/push-subscription.js';
import type { Clock, IdGenerator, MemberRepository } from './ports.js';

/** A push subscription as a member's browser sent it, with the name the member gave the device. */
export type DeviceSubscriptionInput = { name: string; endpoint: string; p256dh: string; auth: string };

export class AddPushDevice {
  constructor(private readonly ports: { members: MemberRepository; clock: Clock; ids: IdGenerator; subscriptionRules: SubscriptionRules }) {}

  /**
   * Keeps the subscription as a device of the member, once checked (MEMBER.INVALID_PUSH_SUBSCRIPTION naming the
   * problem). The same endpoint again, from this member or another, becomes this member's with the new name and keys.
   */
  async execute(memberId: string, input: DeviceSubscriptionInput): Promise<PushDevice> {
    const { endpoint, keys, deviceName } = validateDeviceSubscription(
      { subscription: { endpoint: input.endpoint, keys: { p256dh: input.p256dh, auth: input.auth } }, deviceName: input.name },
      this.ports.subscriptionRules,
    );
    const device: PushDevice = { deviceId: this.ports.ids.newId(), name: deviceName, endpoint, p256dh: keys.p256dh, auth: keys.auth, addedAt: this.ports.clock.now() };
    const outcome = await this.ports.members.addPushDevice(memberId, device);
    switch (outcome.kind) {
      case 'added':
        return outcome.device;
      case 'too-many':
        throw new MemberError('MEMBER.TOO_MANY_DEVICES', TOO_MANY_DEVICES_MESSAGE);
      case 'member-not-found':
        throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    }
  }
}
