import { Code, ConnectError, type Client } from '@connectrpc/connect';
import type { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberService } from '@swarm/proto/member/v1/member_service';
import { domainErrorCode } from '@swarm/runtime';
import type { AlertBilling, AlertCharge, MemberDirectory } from '../../app/ports/other-services.js';
import type { MemberAlertSettings } from '../../domain/member-settings.js';
import type { AlertChannel } from '../../domain/alert-channels.js';
import { toProtoChannel } from './channel-mapping.js';

/** Bounds each call so a slow service fails the job (retried later) instead of holding it open. */
const CALL_TIMEOUT_MS = 5_000;
const options = { timeoutMs: CALL_TIMEOUT_MS };

/** Ids per ListAlertSettings call, within the member service's limit of 1000. */
const SETTINGS_BATCH = 500;

const notFound = (error: unknown) => error instanceof ConnectError && error.code === Code.NotFound;

/** The member service's alert settings over its RPC. */
export class RpcMemberDirectory implements MemberDirectory {
  constructor(private readonly members: Client<typeof MemberService>) {}

  async listAlertSettings(memberIds: string[]): Promise<MemberAlertSettings[]> {
    const batches: string[][] = [];
    for (let start = 0; start < memberIds.length; start += SETTINGS_BATCH) batches.push(memberIds.slice(start, start + SETTINGS_BATCH));
    const answers = await Promise.all(batches.map((batch) => this.members.listAlertSettings({ memberIds: batch }, options)));
    return answers.flatMap(({ settings }) => settings).map(({ memberId, version, name, phoneNumber, timeZone, availability, channels, email, pushTargets }) => ({
      memberId,
      version,
      name,
      phoneNumber,
      timeZone,
      availability: {
        doNotDisturb: availability?.doNotDisturb ?? false,
        elevationMaximumFeet: availability?.elevationMaximumFeet ?? 0,
        days: (availability?.days ?? []).map(({ fromHour, toHour }) => ({ fromHour, toHour })),
      },
      // A member service that does not know channels yet answers none: text message only.
      ...(channels ? { channels: { sms: channels.sms, push: channels.push, email: channels.email } } : {}),
      ...(email ? { email } : {}),
      pushTargets: pushTargets.map(({ deviceId, name: deviceName, endpoint, p256dh, auth }) => ({ deviceId, name: deviceName, endpoint, p256dh, auth })),
    }));
  }

  async removePushEndpoint(endpoint: string): Promise<void> {
    await this.members.removePushEndpoint({ endpoint }, options);
  }
}

export class RpcAlertBilling implements AlertBilling {
  constructor(private readonly billing: Client<typeof AssociationBillingService>) {}

  async chargeAlert(charge: { reportId: string; memberId: string; companyId: string; channel: AlertChannel }): Promise<AlertCharge> {
    try {
      const { priceCents, smsPriceCents } = await this.billing.chargeAlert({ ...charge, channel: toProtoChannel(charge.channel) }, options);
      // What this channel's charge took (a free channel records no ledger line and costs 0).
      return { kind: 'charged', costCents: priceCents, smsPriceCents };
    } catch (error) {
      if (error instanceof ConnectError && error.code === Code.FailedPrecondition) {
        const reason = domainErrorCode(error);
        if (reason === 'BILLING.INSUFFICIENT_FUNDS') return { kind: 'insufficient-funds' };
        if (reason === 'MEMBERSHIP.NOT_PAYING') return { kind: 'not-paying' };
      }
      if (notFound(error)) return { kind: 'not-paying' };
      throw error;
    }
  }

  async refundAlert(refund: { reportId: string; memberId: string; channel: AlertChannel; reason: string }): Promise<'refunded' | 'not-charged'> {
    const { charged } = await this.billing.refundAlert({ ...refund, channel: toProtoChannel(refund.channel) }, options);
    return charged ? 'refunded' : 'not-charged';
  }
}
