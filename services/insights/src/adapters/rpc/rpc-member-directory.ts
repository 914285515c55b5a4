import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import { z } from 'zod';
import type { MemberDirectory } from '../../app/ports.js';
import { coarseHomeCell, type MemberReach } from '../../domain/member-coverage.js';

/** What insights reads of the member service's answer; the exact home leaves this adapter only as its coarse cell. */
const answer = z.object({
  version: z.number().int().nonnegative(),
  member: z.object({
    memberId: z.string().min(1).max(200),
    home: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    availability: z.object({ rangeInMiles: z.number().nonnegative().max(1_000) }).optional(),
  }),
});

/** MemberDirectory over the member service's GetMember; NOT_FOUND reads as "no such member", anything else is thrown. */
export class RpcMemberDirectory implements MemberDirectory {
  constructor(private readonly members: Client<typeof MemberService>) {}

  async reachOf(memberId: string): Promise<MemberReach | undefined> {
    let response;
    try {
      response = await this.members.getMember({ memberId });
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.NotFound) return undefined;
      throw error;
    }
    const { version, member } = answer.parse({ version: response.version, member: response.member });
    if (member.memberId !== memberId) throw new Error('the member service answered another member');
    const h3Cell = coarseHomeCell(member.home);
    // A member with a home but no range covers their home cell alone (see cellsCoveredFrom).
    return { memberId, version, ...(h3Cell ? { home: { h3Cell, rangeInMiles: member.availability?.rangeInMiles ?? 0 } } : {}) };
  }
}
