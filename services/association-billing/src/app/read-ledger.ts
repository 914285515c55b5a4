import { AssociationError } from '../domain/association-error.js';
import type { LedgerEntry } from '../domain/ledger.js';
import type { AssociationRepository, LedgerRepository } from './ports.js';

/** The operator's view of an association's money. */
export class ReadLedger {
  constructor(private readonly ports: { associations: AssociationRepository; ledger: LedgerRepository }) {}

  async balance(companyId: string): Promise<number> {
    await this.requireAssociation(companyId);
    return this.ports.ledger.balanceOf(companyId);
  }

  async entries(companyId: string): Promise<LedgerEntry[]> {
    await this.requireAssociation(companyId);
    return this.ports.ledger.entriesOf(companyId);
  }

  private async requireAssociation(companyId: string): Promise<void> {
    if (!(await this.ports.associations.findById(companyId))) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
  }
}
