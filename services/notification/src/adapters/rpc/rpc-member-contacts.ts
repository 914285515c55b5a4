import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import type { MemberContacts } from '../../app/ports/inbound.js';

const notFound = (error: unknown) => error instanceof ConnectError && error.code === Code.NotFound;

/** MemberContacts over the member service's RPC; NOT_FOUND reads as "no such member", anything else is thrown. */
export class RpcMemberContacts implements MemberContacts {
  constructor(private readonly members: Client<typeof MemberService>) {}

  async findMemberIdByPhone(phoneNumber: string): Promise<string | undefined> {
    try {
      return (await this.members.findMemberByPhone({ phoneNumber })).member?.memberId || undefined;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async findPhoneNumber(memberId: string): Promise<string | undefined> {
    try {
      return (await this.members.getMember({ memberId })).member?.phoneNumber || undefined;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async setDoNotDisturb(memberId: string, doNotDisturb: boolean): Promise<void> {
    await this.members.setDoNotDisturb({ memberId, doNotDisturb });
  }
}
