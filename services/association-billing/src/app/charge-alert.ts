import { AssociationError } from '../domain/association-error.js';
import { alertChargeEntry, checkAlertPrices, DEFAULT_ALERT_PRICES, type AlertChannel, type AlertPrices, type LedgerEntry } from '../domain/ledger.js';
import { checkId } from '../domain/membership.js';
import { findAlertChargeStanding } from './alert-charge-standing.js';
import type { LowBalanceNotice } from './low-balance-notice.js';
import type { AssociationRepository, Clock, IdGenerator, LedgerRepository, MembershipRepository } from './ports.js';

export type ChargeOutcome =
  /** The charge of this (report, member, channel): made now, or standing before (replayed). `priceCents` is what it took. */
  | { entry: LedgerEntry; priceCents: number; balanceCents: number; replayed: boolean }
  /** The channel is free: nothing to charge, nothing recorded. `balanceCents` is the named association's. */
  | { entry?: undefined; priceCents: 0; balanceCents: number; replayed: false };

/**
 * Charges an association the channel's price for alerting one member about one report by that channel (a text
 * message when none is named). Once per (report, member, channel) while that charge stands: a retry or a duplicate
 * answers with it, even if it named another association. Once it is refunded (the alert did not go out), the next call
 * charges again, in a new round. A charge the balance cannot pay is refused and records nothing. A free channel
 * records nothing and so never fails for funds, but like a priced one it goes only through a paying membership.
 */
export class ChargeAlert {
  private readonly prices: AlertPrices;

  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      memberships: MembershipRepository;
      ledger: LedgerRepository;
      notice: LowBalanceNotice;
      clock: Clock;
      ids: IdGenerator;
      /** The spec's prices when not given. */
      prices?: AlertPrices;
    },
  ) {
    this.prices = checkAlertPrices(ports.prices ?? DEFAULT_ALERT_PRICES);
  }

  async execute(input: { reportId: string; memberId: string; companyId: string; channel?: AlertChannel }): Promise<ChargeOutcome> {
    const reportId = checkId(input.reportId, 'Report id', 'BILLING.INVALID');
    const memberId = checkId(input.memberId, 'Member id', 'BILLING.INVALID');
    const companyId = checkId(input.companyId, 'Company id', 'BILLING.INVALID');
    const channel = input.channel ?? 'sms';

    const standing = await findAlertChargeStanding(this.ports.ledger, { reportId, memberId, channel });
    if (standing.status === 'charged') {
      return this.charged(standing.charge, await this.ports.ledger.balanceOf(standing.charge.companyId), true);
    }

    const [association, membership] = await Promise.all([this.ports.associations.findById(companyId), this.ports.memberships.find(companyId, memberId)]);
    if (!association || association.status !== 'active' || membership?.status !== 'active') {
      throw new AssociationError('MEMBERSHIP.NOT_PAYING', 'the member holds no active membership in an active association of that id');
    }

    const priceCents = this.prices[channel];
    if (priceCents === 0) return { priceCents: 0, balanceCents: await this.ports.ledger.balanceOf(companyId), replayed: false };

    const outcome = await this.ports.ledger.record(
      alertChargeEntry({ entryId: this.ports.ids.newId(), companyId, reportId, memberId, round: standing.round, channel, priceCents, createdAt: this.ports.clock.now() }),
    );
    if (outcome.status === 'insufficient-funds') {
      throw new AssociationError('BILLING.INSUFFICIENT_FUNDS', 'the association balance cannot pay for this alert');
    }
    if (outcome.status === 'duplicate') return this.charged(outcome.entry, outcome.balanceCents, true);
    await this.ports.notice.afterDebit(association, outcome.balanceCents);
    return this.charged(outcome.entry, outcome.balanceCents, false);
  }

  private charged(entry: LedgerEntry, balanceCents: number, replayed: boolean): ChargeOutcome {
    return { entry, priceCents: -entry.amountCents, balanceCents, replayed };
  }
}
