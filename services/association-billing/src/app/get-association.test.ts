import { describe, expect, it } from 'vitest';
import { MemoryAssociationRepository } from '../adapters/memory/memory-association-repository.js';
import { newAssociation } from '../domain/association.js';
import { GetAssociation } from './get-association.js';

describe('GetAssociation', () => {
  it('returns the stored association', async () => {
    const associations = new MemoryAssociationRepository();
    const association = newAssociation({ companyId: 'company-1', details: { companyName: 'Bees' }, createdAt: new Date('2026-06-01T12:00:00Z') });
    await associations.create(association);
    expect(await new GetAssociation({ associations }).execute('company-1')).toEqual(association);
  });

  it('refuses an unknown company id as not found', async () => {
    await expect(new GetAssociation({ associations: new MemoryAssociationRepository() }).execute('missing')).rejects.toMatchObject({
      code: 'ASSOCIATION.NOT_FOUND',
    });
  });
});
