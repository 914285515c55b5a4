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

  async findByIds(companyIds: readonly string[]): Promise<Association[]> {
    return [...new Set(companyIds)].flatMap((companyId) => {
      const association = this.associations.get(companyId);
      return association ? [structuredClone(association)] : [];
    });
  }

  async setAdminContactEmail(companyId: string, email: string): Promise<boolean> {
    const association = this.associations.get(companyId);
    if (!association) return false;
    association.adminContactEmail = email;
    return true;
  }
}
