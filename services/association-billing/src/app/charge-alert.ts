import { AssociationError } from '../domain/association-error.js';
import { alertChargeEntry, type LedgerEntry } from '../domain/ledger.js';
import { checkId } from '../domain/membership.js';
import { findAlertChargeStanding } from './alert-charge-standing.js';
import type { LowBalanceNotice } from './low-balance-notice.js';
import type { AssociationRepository, Clock, IdGenerator, LedgerRepository, MembershipRepository } from './ports.js';

export type ChargeOutcome = { entry: LedgerEntry; balanceCents: number; replayed: boolean };

/**
 * Charges an association 7 cents for alerting one member about one report. Once per (report, member) while that
 * charge stands: a retry or a duplicate answers with it, even if it named another association. Once it is refunded
 * (the alert did not go out), the next call charges again, in a new round. A charge the balance cannot pay is refused
 * and records nothing.
 */
export class ChargeAlert {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      memberships: MembershipRepository;
      ledger: LedgerRepository;
      notice: LowBalanceNotice;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  async execute(input: { reportId: string; memberId: string; companyId: string }): Promise<ChargeOutcome> {
    const reportId = checkId(input.reportId, 'Report id', 'BILLING.INVALID');
    const memberId = checkId(input.memberId, 'Member id', 'BILLING.INVALID');
    const companyId = checkId(input.companyId, 'Company id', 'BILLING.INVALID');

    const standing = await findAlertChargeStanding(this.ports.ledger, reportId, memberId);
    if (standing.status === 'charged') {
      return { entry: standing.charge, balanceCents: await this.ports.ledger.balanceOf(standing.charge.companyId), replayed: true };
    }

    const [association, membership] = await Promise.all([this.ports.associations.findById(companyId), this.ports.memberships.find(companyId, memberId)]);
    if (!association || association.status !== 'active' || membership?.status !== 'active') {
      throw new AssociationError('MEMBERSHIP.NOT_PAYING', 'the member holds no active membership in an active association of that id');
    }

    const outcome = await this.ports.ledger.record(alertChargeEntry({ entryId: this.ports.ids.newId(), companyId, reportId, memberId, round: standing.round, createdAt: this.ports.clock.now() }));
    if (outcome.status === 'insufficient-funds') {
      throw new AssociationError('BILLING.INSUFFICIENT_FUNDS', 'the association balance cannot pay for this alert');
    }
    if (outcome.status === 'duplicate') return { entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: true };
    await this.ports.notice.afterDebit(association, outcome.balanceCents);
    return { entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: false };
  }
}
