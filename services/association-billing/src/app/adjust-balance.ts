import { AssociationError } from '../domain/association-error.js';
import { adjustmentEntry } from '../domain/ledger.js';
import type { LowBalanceNotice } from './low-balance-notice.js';
import type { AssociationRepository, Clock, IdGenerator, LedgerRepository } from './ports.js';
import type { TopUpOutcome } from './top-up.js';

/** An operator's correction of the balance, recorded as its own ledger entry; never below zero. */
export class AdjustBalance {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly ledger: LedgerRepository,
    private readonly notice: LowBalanceNotice,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: { companyId: string; amountCents: number; adjustmentId?: string; note: string }): Promise<TopUpOutcome> {
    const entryId = this.ids.newId();
    const entry = adjustmentEntry({
      entryId,
      companyId: input.companyId,
      amountCents: input.amountCents,
      adjustmentId: input.adjustmentId?.trim() || entryId,
      note: input.note,
      createdAt: this.clock.now(),
    });
    const association = await this.associations.findById(input.companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    const outcome = await this.ledger.record(entry);
    if (outcome.status === 'insufficient-funds') {
      throw new AssociationError('BILLING.INSUFFICIENT_FUNDS', `the balance is ${outcome.balanceCents} cents; an adjustment cannot take it below zero`);
    }
    if (outcome.status === 'recorded') {
      if (entry.amountCents > 0) await this.notice.afterCredit(association.companyId, outcome.balanceCents);
      else await this.notice.afterDebit(association, outcome.balanceCents);
    }
    return { entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: outcome.status === 'duplicate' };
  }
}
