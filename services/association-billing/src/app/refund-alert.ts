import { alertRefundEntry, checkRefundReason, type LedgerEntry } from '../domain/ledger.js';
import { checkId } from '../domain/membership.js';
import { findAlertChargeStanding } from './alert-charge-standing.js';
import type { Clock, IdGenerator, LedgerRepository } from './ports.js';

export type RefundOutcome =
  | { charged: true; entry: LedgerEntry; balanceCents: number; replayed: boolean }
  /** The (report, member) was never charged: nothing to refund, nothing changed. */
  | { charged: false };

/**
 * Gives back the standing alert charge of one (report, member) when the alert did not go out, to the association that
 * paid it, with the reason as the refund's note. Once per charge: a retry or a duplicate answers with the refund made
 * first (and its reason) until the alert is charged again. It needs no active membership nor association, since it only
 * returns what was taken, and no low-balance check: a refund is a credit.
 */
export class RefundAlert {
  constructor(private readonly ports: { ledger: LedgerRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(input: { reportId: string; memberId: string; reason: string }): Promise<RefundOutcome> {
    const reportId = checkId(input.reportId, 'Report id', 'BILLING.INVALID');
    const memberId = checkId(input.memberId, 'Member id', 'BILLING.INVALID');
    const reason = checkRefundReason(input.reason);

    const standing = await findAlertChargeStanding(this.ports.ledger, reportId, memberId);
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
