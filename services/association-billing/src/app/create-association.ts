import { checkAssociationDetails, newAssociation, type Association, type UncheckedAssociationDetails } from '../domain/association.js';
import type { AssociationRepository, Clock, IdGenerator } from './ports.js';

export class CreateAssociation {
  constructor(
    private readonly associations: AssociationRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: UncheckedAssociationDetails): Promise<Association> {
    const details = checkAssociationDetails(input);
    const association = newAssociation({ companyId: this.ids.newId(), details, createdAt: this.clock.now() });
    await this.associations.create(association);
    return association;
  }
}
