import { alertRefundEntry, checkRefundReason, type AlertChannel, type LedgerEntry } from '../domain/ledger.js';
import { checkId } from '../domain/membership.js';
import { findAlertChargeStanding } from './alert-charge-standing.js';
import type { Clock, IdGenerator, LedgerRepository } from './ports.js';

export type RefundOutcome =
  | { charged: true; entry: LedgerEntry; balanceCents: number; replayed: boolean }
  /** The (report, member, channel) was never charged (a free channel never is): nothing to refund, nothing changed. */
  | { charged: false };

/**
 * Gives back the standing alert charge of one (report, member, channel) when the alert did not go out (a text message
 * when no channel is named), to the association that paid it, by the amount it took, with the reason as the refund's
 * note. Once per charge: a retry or a duplicate answers with the refund made first (and its reason) until the alert is
 * charged again. It needs no active membership nor association, since it only returns what was taken, and no
 * low-balance check: a refund is a credit.
 */
export class RefundAlert {
  constructor(private readonly ports: { ledger: LedgerRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(input: { reportId: string; memberId: string; reason: string; channel?: AlertChannel }): Promise<RefundOutcome> {
    const reportId = checkId(input.reportId, 'Report id', 'BILLING.INVALID');
    const memberId = checkId(input.memberId, 'Member id', 'BILLING.INVALID');
    const reason = checkRefundReason(input.reason);

    const standing = await findAlertChargeStanding(this.ports.ledger, { reportId, memberId, channel: input.channel ?? 'sms' });
    if (standing.status === 'not-charged') {
      if (!standing.lastRefund) return { charged: false };
      const refund = standing.lastRefund;
      return { charged: true, entry: refund, balanceCents: await this.ports.ledger.balanceOf(refund.companyId), replayed: true };
    }

    const outcome = await this.ports.ledger.record(
      alertRefundEntry({ entryId: this.ports.ids.newId(), charge: standing.charge, round: standing.round, reason, createdAt: this.ports.clock.now() }),
    );
    if (outcome.status === 'insufficient-funds') throw new Error('a refund is a credit, yet the ledger refused it for funds');
    return { charged: true, entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: outcome.status === 'duplicate' };
  }
}
