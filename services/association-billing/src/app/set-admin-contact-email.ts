import { checkAdminContactEmail } from '../domain/association.js';
import { AssociationError } from '../domain/association-error.js';
import type { AssociationRepository } from './ports.js';

export class SetAdminContactEmail {
  constructor(private readonly ports: { associations: AssociationRepository }) {}

  async execute(companyId: string, email: string): Promise<void> {
    const checked = checkAdminContactEmail(email);
    if (!(await this.ports.associations.setAdminContactEmail(companyId, checked))) {
      throw new AssociationError('ASSOCIATION.NOT_FOUND', 'association not found');
    }
  }
}
