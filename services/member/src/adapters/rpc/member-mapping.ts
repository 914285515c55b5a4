import { onboardingStatuses } from '@swarm/proto/labels';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { AlertChannelsSchema, AvailabilitySchema, MemberSchema, PushDeviceSchema, PushTargetSchema } from '@swarm/proto/member/v1/member_service';
import type { AlertChannels } from '../../domain/alert-channels.js';
import type { Availability } from '../../domain/availability.js';
import type { Member } from '../../domain/member.js';
import type { PushDevice } from '../../domain/push-device.js';

export function toProtoAlertChannels({ sms, push, email }: AlertChannels): MessageInitShape<typeof AlertChannelsSchema> {
  return { sms, push, email };
}

/** A device as the member area lists it: never the subscription. */
export function toProtoPushDevice(device: PushDevice): MessageInitShape<typeof PushDeviceSchema> {
  return { deviceId: device.deviceId, name: device.name, addedAt: timestampFromDate(device.addedAt) };
}

/** A device as alerting needs it: where to post and the keys to encrypt for. */
export function toProtoPushTarget(device: PushDevice): MessageInitShape<typeof PushTargetSchema> {
  return { deviceId: device.deviceId, name: device.name, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth };
}

export function toProtoAvailability(availability: Availability): MessageInitShape<typeof AvailabilitySchema> {
  return {
    doNotDisturb: availability.doNotDisturb,
    elevationMaximumFeet: availability.elevationMaximumFeet,
    rangeInMiles: availability.rangeInMiles,
    days: availability.days.map(({ fromHour, toHour }) => ({ fromHour, toHour })),
    extraMiles: availability.extraMiles,
  };
}

export function toProtoMember(member: Member): MessageInitShape<typeof MemberSchema> {
  const { availability } = member;
  return {
    memberId: member.memberId,
    email: member.email,
    name: member.name,
    phoneNumber: member.phoneNumber,
    address: member.address,
    ...(member.home ? { home: { latitude: member.home.latitude, longitude: member.home.longitude } } : {}),
    timeZone: member.timeZone,
    onboarding: member.onboarding.map(({ onboardingId, status }) => ({ onboardingId, status: onboardingStatuses.valueOf(status) })),
    availability: toProtoAvailability(availability),
  };
}
