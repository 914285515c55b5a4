import { AssociationError } from '../domain/association-error.js';
import { adjustmentEntry, isSameRequest } from '../domain/ledger.js';
import type { LowBalanceNotice } from './low-balance-notice.js';
import type { AssociationRepository, Clock, IdGenerator, LedgerRepository } from './ports.js';
import type { TopUpOutcome } from './top-up.js';

/**
 * An operator's correction of the balance, recorded as its own ledger entry; never below zero. `adjustmentId` is the
 * caller's idempotency key (payment-API semantics): the same id with the same content answers the first outcome and
 * changes nothing; the same id with a different amount, association or note is refused.
 */
export class AdjustBalance {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      ledger: LedgerRepository;
      notice: LowBalanceNotice;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  async execute(input: { companyId: string; amountCents: number; adjustmentId?: string; note: string }): Promise<TopUpOutcome> {
    const entryId = this.ports.ids.newId();
    const entry = adjustmentEntry({
      entryId,
      companyId: input.companyId,
      amountCents: input.amountCents,
      adjustmentId: input.adjustmentId?.trim() || entryId,
      note: input.note,
      createdAt: this.ports.clock.now(),
    });
    const association = await this.ports.associations.findById(input.companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    const outcome = await this.ports.ledger.record(entry);
    // Checked before the balance: a reused id is the caller's mistake whatever the balance is now.
    if (outcome.status === 'duplicate' && !isSameRequest(outcome.entry, entry)) {
      throw new AssociationError('BILLING.INVALID', 'this adjustment id was already used for a different adjustment', [
        'This adjustment id was already used for a different adjustment',
      ]);
    }
    if (outcome.status === 'insufficient-funds') {
      throw new AssociationError('BILLING.INSUFFICIENT_FUNDS', `the balance is ${outcome.balanceCents} cents; an adjustment cannot take it below zero`);
    }
    if (outcome.status === 'recorded') {
      if (entry.amountCents > 0) await this.ports.notice.afterCredit(association.companyId, outcome.balanceCents);
      else await this.ports.notice.afterDebit(association, outcome.balanceCents);
    }
    return { entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: outcome.status === 'duplicate' };
  }
}
