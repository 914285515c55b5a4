import { checkAdminContactEmail, checkAssociationDetails, newAssociation, type Association, type UncheckedAssociationDetails } from '../domain/association.js';
import type { AssociationRepository, Clock, IdGenerator } from './ports.js';

export class CreateAssociation {
  constructor(private readonly ports: { associations: AssociationRepository; clock: Clock; ids: IdGenerator }) {}

  /** An empty or absent `adminContactEmail` means none yet. */
  async execute(input: UncheckedAssociationDetails & { adminContactEmail?: string }): Promise<Association> {
    const details = checkAssociationDetails(input);
    const adminContactEmail = input.adminContactEmail?.trim() ? checkAdminContactEmail(input.adminContactEmail) : undefined;
    const association = newAssociation({ companyId: this.ports.ids.newId(), details, createdAt: this.ports.clock.now() });
    if (adminContactEmail) association.adminContactEmail = adminContactEmail;
    await this.ports.associations.create(association);
    return association;
  }
}
