import type { Association } from '../domain/association.js';
import { AssociationError } from '../domain/association-error.js';
import type { AssociationRepository } from './ports.js';

export class GetAssociation {
  constructor(private readonly ports: { associations: AssociationRepository }) {}

  async execute(companyId: string): Promise<Association> {
    const association = await this.ports.associations.findById(companyId);
    if (!association) throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    return association;
  }
}
