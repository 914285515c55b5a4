import type { Association } from '../domain/association.js';

export interface AssociationRepository {
  create(association: Association): Promise<void>;
  findById(companyId: string): Promise<Association | undefined>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}
