import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryAssociationRepository } from '../adapters/memory/memory-association-repository.js';
import { AssociationError } from '../domain/association-error.js';
import { CreateAssociation } from './create-association.js';

describe('CreateAssociation', () => {
  let associations: MemoryAssociationRepository;
  let nextId: number;
  let createAssociation: CreateAssociation;

  beforeEach(() => {
    associations = new MemoryAssociationRepository();
    nextId = 0;
    const clock = { now: () => new Date('2026-06-01T12:00:00Z') };
    const ids = { newId: () => `company-${(nextId += 1)}` };
    createAssociation = new CreateAssociation({ associations, clock, ids });
  });

  it('stores an active association with a new id and the current time', async () => {
    const created = await createAssociation.execute({ companyName: ' Springfield Beekeepers ', donationUrl: 'https://example.org/give' });
    expect(created).toEqual({
      companyId: 'company-1',
      companyName: 'Springfield Beekeepers',
      donationUrl: 'https://example.org/give',
      status: 'active',
      createdAt: new Date('2026-06-01T12:00:00Z'),
    });
    expect(await associations.findById('company-1')).toEqual(created);
  });

  it('gives each association its own id', async () => {
    const first = await createAssociation.execute({ companyName: 'North', donationUrl: '' });
    const second = await createAssociation.execute({ companyName: 'South', donationUrl: '' });
    expect([first.companyId, second.companyId]).toEqual(['company-1', 'company-2']);
    expect((await associations.findById('company-1'))?.companyName).toBe('North');
  });

  it('refuses invalid details without storing anything', async () => {
    const attempt = createAssociation.execute({ companyName: 'Bees', donationUrl: 'ftp://example.org' });
    await expect(attempt).rejects.toBeInstanceOf(AssociationError);
    await expect(attempt).rejects.toMatchObject({ code: 'ASSOCIATION.INVALID' });
    expect(nextId).toBe(0);
    expect(await associations.findById('company-1')).toBeUndefined();
  });
});
