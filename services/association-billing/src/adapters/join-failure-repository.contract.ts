import { beforeEach, describe, expect, it } from 'vitest';
import type { JoinFailureRepository } from '../app/ports.js';

const minute = 60_000;
const start = new Date('2026-06-01T12:00:00.000Z');
const after = (minutes: number) => new Date(start.getTime() + minutes * minute);

/** What every JoinFailureRepository adapter must do; `create` gives a fresh, empty repository. */
export function joinFailureRepositoryContract(name: string, create: () => Promise<JoinFailureRepository>): void {
  describe(`JoinFailureRepository contract: ${name}`, () => {
    let failures: JoinFailureRepository;
    beforeEach(async () => {
      failures = await create();
    });

    it('counts a member failures since a moment, apart from other members', async () => {
      await failures.record('member-1', start);
      await failures.record('member-1', after(5));
      await failures.record('member-1', after(10));
      await failures.record('member-2', after(10));
      expect(await failures.countSince('member-1', after(5))).toBe(2);
      expect(await failures.countSince('member-2', start)).toBe(1);
      expect(await failures.countSince('member-3', start)).toBe(0);
    });

    it('counts every one of many concurrent failures', async () => {
      await Promise.all(Array.from({ length: 20 }, (_, index) => failures.record('member-1', after(index))));
      expect(await failures.countSince('member-1', start)).toBe(20);
    });
  });
}
