import { Code, type ConnectRouter } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { toConnectError } from '@swarm/runtime';
import type { EnsureMember } from '../../app/ensure-member.js';
import type { GetMember } from '../../app/get-member.js';
import type { MemberErrorCode } from '../../domain/member-error.js';
import { toProtoMember } from './member-mapping.js';

const connectCodes: Record<MemberErrorCode, Code> = {
  'MEMBER.INVALID_EMAIL': Code.InvalidArgument,
  'MEMBER.NOT_FOUND': Code.NotFound,
};

export function memberServiceRoutes(useCases: { ensureMember: EnsureMember; getMember: GetMember }) {
  return (router: ConnectRouter) => {
    router.service(MemberService, {
      async ensureMember(request) {
        try {
          const { member, created } = await useCases.ensureMember.execute(request.email);
          return { member: toProtoMember(member), created };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
      async getMember(request) {
        try {
          return { member: toProtoMember(await useCases.getMember.execute(request.memberId)) };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
    });
  };
}
