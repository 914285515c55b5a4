import type { AssociationRepository } from '../../app/ports.js';
import type { Association } from '../../domain/association.js';

export class MemoryAssociationRepository implements AssociationRepository {
  private readonly associations = new Map<string, Association>();

  async create(association: Association): Promise<void> {
    if (this.associations.has(association.companyId)) throw new Error(`company id ${association.companyId} is already taken`);
    this.associations.set(association.companyId, structuredClone(association));
  }

  async findById(companyId: string): Promise<Association | undefined> {
    const association = this.associations.get(companyId);
    return association && structuredClone(association);
  }
}
