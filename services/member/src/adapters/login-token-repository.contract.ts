import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LoginTokenRepository, StoredLoginToken } from '../app/ports.js';

const NOW = new Date('2026-06-01T12:00:00.000Z');

function aToken(overrides: Partial<StoredLoginToken> = {}): StoredLoginToken {
  return { tokenHash: randomUUID(), email: 'ada@example.org', expiresAt: new Date(NOW.getTime() + 15 * 60_000), ...overrides };
}

/** What every LoginTokenRepository adapter must do; `create` gives a fresh, empty repository. */
export function loginTokenRepositoryContract(name: string, create: () => Promise<LoginTokenRepository>): void {
  describe(`LoginTokenRepository contract: ${name}`, () => {
    let tokens: LoginTokenRepository;
    beforeEach(async () => {
      tokens = await create();
    });

    it('gives a saved token back once, then never again', async () => {
      const token = aToken();
      await tokens.save(token);
      expect(await tokens.consume(token.tokenHash, NOW)).toEqual(token);
      expect(await tokens.consume(token.tokenHash, NOW)).toBeUndefined();
    });

    it('gives nothing for an unknown hash', async () => {
      await tokens.save(aToken());
      expect(await tokens.consume('unknown', NOW)).toBeUndefined();
    });

    it('gives nothing for a token at or after its expiry, and the token stays unusable', async () => {
      const token = aToken();
      await tokens.save(token);
      expect(await tokens.consume(token.tokenHash, token.expiresAt)).toBeUndefined();
      expect(await tokens.consume(token.tokenHash, NOW)).toBeUndefined();
    });

    it('gives a token to exactly one of many concurrent consumers', async () => {
      const token = aToken();
      await tokens.save(token);
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => tokens.consume(token.tokenHash, NOW)));
      expect(outcomes.filter((outcome) => outcome !== undefined)).toEqual([token]);
    });

    it("removes every token of an email, used or not, and keeps other emails' tokens", async () => {
      const now = new Date('2026-06-01T12:00:00Z');
      const expiresAt = new Date('2026-06-01T12:15:00Z');
      await tokens.save({ tokenHash: 'unused', email: 'ada@example.org', expiresAt });
      await tokens.save({ tokenHash: 'used', email: 'ada@example.org', expiresAt });
      await tokens.consume('used', now);
      await tokens.save({ tokenHash: 'other', email: 'grace@example.org', expiresAt });
      await tokens.removeForEmail('ada@example.org');
      expect(await tokens.consume('unused', now)).toBeUndefined();
      expect(await tokens.consume('other', now)).toEqual({ tokenHash: 'other', email: 'grace@example.org', expiresAt });
    });

    it('keeps tokens of the same email apart', async () => {
      const first = aToken();
      const second = aToken();
      await tokens.save(first);
      await tokens.save(second);
      expect(await tokens.consume(first.tokenHash, NOW)).toEqual(first);
      expect(await tokens.consume(second.tokenHash, NOW)).toEqual(second);
    });
  });
}
