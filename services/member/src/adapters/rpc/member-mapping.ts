import type { MessageInitShape } from '@bufbuild/protobuf';
import type { MemberSchema } from '@swarm/proto/member/v1/member_service';
import type { Member } from '../../domain/member.js';

export function toProtoMember(member: Member): MessageInitShape<typeof MemberSchema> {
  const { availability } = member;
  return {
    memberId: member.memberId,
    email: member.email,
    availability: {
      doNotDisturb: availability.doNotDisturb,
      elevationMaximumFeet: availability.elevationMaximumFeet,
      rangeInMiles: availability.rangeInMiles,
      days: availability.days.map(({ fromHour, toHour }) => ({ fromHour, toHour })),
    },
  };
}
