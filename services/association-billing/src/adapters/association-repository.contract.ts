import { beforeEach, describe, expect, it } from 'vitest';
import type { AssociationRepository } from '../app/ports.js';
import type { Association } from '../domain/association.js';

let sequence = 0;
export function anAssociation(overrides: Partial<Association> = {}): Association {
  sequence += 1;
  return {
    companyId: `company-${sequence}-${Math.random().toString(36).slice(2)}`,
    companyName: `Beekeepers of District ${sequence}`,
    donationUrl: 'https://example.org/donate',
    status: 'active',
    createdAt: new Date('2026-05-01T10:00:00.000Z'),
    ...overrides,
  };
}

/** What every AssociationRepository adapter must do; `create` gives a fresh, empty repository. */
export function associationRepositoryContract(name: string, create: () => Promise<AssociationRepository>): void {
  describe(`AssociationRepository contract: ${name}`, () => {
    let associations: AssociationRepository;
    beforeEach(async () => {
      associations = await create();
    });

    it('stores an association and finds it by id', async () => {
      const association = anAssociation({ status: 'inactive' });
      await associations.create(association);
      expect(await associations.findById(association.companyId)).toEqual(association);
    });

    it('stores an association without a donation URL and returns it without one', async () => {
      const { donationUrl: _omitted, ...withoutDonations } = anAssociation();
      await associations.create(withoutDonations);
      const found = await associations.findById(withoutDonations.companyId);
      expect(found).toEqual(withoutDonations);
      expect(found && 'donationUrl' in found).toBe(false);
    });

    it('finds nothing for an unknown id', async () => {
      await associations.create(anAssociation());
      expect(await associations.findById('missing')).toBeUndefined();
    });

    it('keeps associations apart', async () => {
      const first = anAssociation();
      const second = anAssociation({ donationUrl: 'http://bees.example.net/give' });
      await associations.create(first);
      await associations.create(second);
      expect(await associations.findById(first.companyId)).toEqual(first);
      expect(await associations.findById(second.companyId)).toEqual(second);
    });

    it('refuses a second association with an id already taken and keeps the first', async () => {
      const first = anAssociation();
      await associations.create(first);
      await expect(associations.create(anAssociation({ companyId: first.companyId, companyName: 'Impostor' }))).rejects.toThrow();
      expect(await associations.findById(first.companyId)).toEqual(first);
    });

    it('finds several associations by id, ignoring unknown and repeated ids', async () => {
      const first = anAssociation();
      const second = anAssociation();
      await associations.create(first);
      await associations.create(second);
      await associations.create(anAssociation());
      const found = await associations.findByIds([second.companyId, 'missing', first.companyId, second.companyId]);
      expect(found.sort((a, b) => a.companyId.localeCompare(b.companyId))).toEqual([first, second].sort((a, b) => a.companyId.localeCompare(b.companyId)));
      expect(await associations.findByIds([])).toEqual([]);
    });

    it('sets the admin contact email of an existing association only', async () => {
      const association = anAssociation();
      await associations.create(association);
      expect(await associations.setAdminContactEmail(association.companyId, 'admin@bees.example.org')).toBe(true);
      expect(await associations.findById(association.companyId)).toEqual({ ...association, adminContactEmail: 'admin@bees.example.org' });
      expect(await associations.setAdminContactEmail('missing', 'admin@bees.example.org')).toBe(false);
      expect(await associations.findById('missing')).toBeUndefined();
    });
  });
}
