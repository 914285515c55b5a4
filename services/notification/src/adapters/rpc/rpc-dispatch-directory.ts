import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import { domainErrorCode } from '@swarm/runtime';
import type { AlertBilling, MemberDirectory } from '../../app/ports.js';

/** Bounds each call so a slow service fails the job (retried later) instead of holding it open. */
const CALL_TIMEOUT_MS = 5_000;
const options = { timeoutMs: CALL_TIMEOUT_MS };

const notFound = (error: unknown) => error instanceof ConnectError && error.code === Code.NotFound;

export class RpcMemberDirectory implements MemberDirectory {
  constructor(private readonly members: Client<typeof MemberService>) {}

  async nextAlertTime(memberId: string, notBefore: Date): Promise<{ never: true } | { never: false; sendAt: Date }> {
    try {
      const answer = await this.members.nextAlertTime({ memberId, notBefore: timestampFromDate(notBefore) }, options);
      if (answer.never || !answer.sendAt) return { never: true };
      return { never: false, sendAt: timestampDate(answer.sendAt) };
    } catch (error) {
      // A member who left is never alerted.
      if (notFound(error)) return { never: true };
      throw error;
    }
  }

  async phoneNumber(memberId: string): Promise<string | undefined> {
    try {
      const { member } = await this.members.getMember({ memberId }, options);
      return member?.phoneNumber || undefined;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }
}

export class RpcAlertBilling implements AlertBilling {
  constructor(private readonly billing: Client<typeof AssociationBillingService>) {}

  async chargeAlert(charge: { reportId: string; memberId: string; companyId: string }): Promise<'charged' | 'insufficient-funds' | 'not-paying'> {
    try {
      await this.billing.chargeAlert(charge, options);
      return 'charged';
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.FailedPrecondition) {
        const reason = domainErrorCode(error);
        if (reason === 'BILLING.INSUFFICIENT_FUNDS') return 'insufficient-funds';
        if (reason === 'MEMBERSHIP.NOT_PAYING') return 'not-paying';
      }
      if (notFound(error)) return 'not-paying';
      throw error;
    }
  }
}
