import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivationCodeRepository } from '../app/ports.js';

const issuedAt = new Date('2026-05-01T10:00:00.000Z');

/** What every ActivationCodeRepository adapter must do; `create` gives a fresh, empty repository. */
export function activationCodeRepositoryContract(name: string, create: () => Promise<ActivationCodeRepository>): void {
  describe(`ActivationCodeRepository contract: ${name}`, () => {
    let codes: ActivationCodeRepository;
    beforeEach(async () => {
      codes = await create();
    });

    it('stores a code and finds it', async () => {
      expect(await codes.createIfAbsent({ code: 'ABCD2345', companyId: 'company-1', issuedAt })).toBe(true);
      expect(await codes.find('ABCD2345')).toEqual({ code: 'ABCD2345', companyId: 'company-1', issuedAt });
      expect(await codes.find('ZZZZ9999')).toBeUndefined();
    });

    it('refuses a code already taken, even by another association, and keeps the first', async () => {
      await codes.createIfAbsent({ code: 'ABCD2345', companyId: 'company-1', issuedAt });
      expect(await codes.createIfAbsent({ code: 'ABCD2345', companyId: 'company-2', issuedAt })).toBe(false);
      expect((await codes.find('ABCD2345'))?.companyId).toBe('company-1');
    });

    it('lists an association codes oldest first', async () => {
      await codes.createIfAbsent({ code: 'BBBBBBBB', companyId: 'company-1', issuedAt: new Date('2026-05-02T10:00:00.000Z') });
      await codes.createIfAbsent({ code: 'AAAAAAAA', companyId: 'company-1', issuedAt });
      await codes.createIfAbsent({ code: 'CCCCCCCC', companyId: 'company-2', issuedAt });
      expect((await codes.listByAssociation('company-1')).map((code) => code.code)).toEqual(['AAAAAAAA', 'BBBBBBBB']);
    });
  });
}
