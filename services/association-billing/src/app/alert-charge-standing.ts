import { alertChargeKey, alertRefundKey, type AlertChannel, type LedgerEntry } from '../domain/ledger.js';
import type { LedgerRepository } from './ports.js';

/** Where the charges and refunds of one (report, member, channel) stand now. */
export type AlertChargeStanding =
  /** Charge `round` is on the ledger and not refunded. */
  | { status: 'charged'; round: number; charge: LedgerEntry }
  /** No charge `round` yet; every earlier one is refunded, the last by `lastRefund` (undefined: never charged). */
  | { status: 'not-charged'; round: number; lastRefund: LedgerEntry | undefined };

/**
 * Walks the rounds of a (report, member, channel) from the first, one keyed lookup per step, up to the first charge
 * that is missing or not refunded. A round is only ever added after the one before it is refunded, so the walk is as
 * long as the alert was refunded, and the first gap ends it. Each channel has its own keys, so its rounds are its own.
 */
export async function findAlertChargeStanding(
  ledger: Pick<LedgerRepository, 'findByIdempotencyKey'>,
  alert: { reportId: string; memberId: string; channel: AlertChannel },
): Promise<AlertChargeStanding> {
  const { reportId, memberId, channel } = alert;
  let lastRefund: LedgerEntry | undefined;
  for (let round = 1; ; round += 1) {
    const charge = await ledger.findByIdempotencyKey(alertChargeKey(reportId, memberId, round, channel));
    if (!charge) return { status: 'not-charged', round, lastRefund };
    const refund = await ledger.findByIdempotencyKey(alertRefundKey(reportId, memberId, round, channel));
    if (!refund) return { status: 'charged', round, charge };
    lastRefund = refund;
  }
}
