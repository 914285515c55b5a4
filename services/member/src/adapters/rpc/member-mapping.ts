import { onboardingStatuses } from '@swarm/proto/labels';
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { AvailabilitySchema, MemberSchema } from '@swarm/proto/member/v1/member_service';
import type { Availability } from '../../domain/availability.js';
import type { Member } from '../../domain/member.js';

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
