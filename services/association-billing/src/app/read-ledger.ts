import { AssociationError } from '../domain/association-error.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { AssociationRepository, LedgerRepository } from './ports.js';

/** The operator's view of an association's money. */
export class ReadLedger {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  async balance(companyId: string): Promise<number> {
    await this.requireAssociation(companyId);
    return this.ledger.balanceOf(companyId);
  }

  async entries(companyId: string): Promise<LedgerEntry[]> {
    await this.requireAssociation(companyId);
    return this.ledger.entriesOf(companyId);
  }

  private async requireAssociation(companyId: string): Promise<void> {
    if (!(await this.associations.findById(companyId))) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
  }
}
