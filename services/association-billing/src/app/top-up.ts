import { AssociationError } from '../domain/association-error.js';
import { isSameRequest, topUpEntry, type LedgerEntry } from '../domain/ledger.js';
import type { LowBalanceNotice } from './low-balance-notice.js';
import type { AssociationRepository, Clock, IdGenerator, LedgerRepository } from './ports.js';

export type TopUpOutcome = { entry: LedgerEntry; balanceCents: number; replayed: boolean };

export class TopUp {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      ledger: LedgerRepository;
      notice: LowBalanceNotice;
      clock: Clock;
      ids: IdGenerator;
    },
  ) {}

  /** `topUpId` is the caller's idempotency key; without one every call is a new top-up. */
  async execute(input: { companyId: string; amountCents: number; topUpId?: string; note?: string }): Promise<TopUpOutcome> {
    const entryId = this.ports.ids.newId();
    const entry = topUpEntry({
      entryId,
      companyId: input.companyId,
      amountCents: input.amountCents,
      topUpId: input.topUpId?.trim() || entryId,
      note: input.note ?? '',
      createdAt: this.ports.clock.now(),
    });
    if (!(await this.ports.associations.findById(input.companyId))) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    const outcome = await this.ports.ledger.record(entry);
    if (outcome.status === 'insufficient-funds') throw new Error('a top-up cannot lack funds');
    if (outcome.status === 'duplicate' && !isSameRequest(outcome.entry, entry)) {
      throw new AssociationError('BILLING.INVALID', 'this top-up id was already used for a different top-up', [
        'This top-up id was already used for a different top-up',
      ]);
    }
    await this.ports.notice.afterCredit(input.companyId, outcome.balanceCents);
    return { entry: outcome.entry, balanceCents: outcome.balanceCents, replayed: outcome.status === 'duplicate' };
  }
}
