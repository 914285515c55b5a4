import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberRepository } from '../app/ports.js';
import { defaultAvailability } from '../domain/availability.js';
import type { Member } from '../domain/member.js';

let sequence = 0;
export function aMember(overrides: Partial<Member> = {}): Member {
  sequence += 1;
  const unique = `${sequence}-${Math.random().toString(36).slice(2)}`;
  return {
    memberId: `member-${unique}`,
    email: `beekeeper-${unique}@example.org`,
    availability: defaultAvailability(),
    createdAt: new Date('2026-05-01T10:00:00.000Z'),
    ...overrides,
  };
}

/** What every MemberRepository adapter must do; `create` gives a fresh, empty repository. */
export function memberRepositoryContract(name: string, create: () => Promise<MemberRepository>): void {
  describe(`MemberRepository contract: ${name}`, () => {
    let members: MemberRepository;
    beforeEach(async () => {
      members = await create();
    });

    it('stores a member with its availability and finds it by id and by email', async () => {
      const member = aMember({
        availability: { doNotDisturb: true, elevationMaximumFeet: 30, rangeInMiles: 12, days: [...defaultAvailability().days].reverse() },
      });
      expect(await members.insertIfAbsent(member)).toEqual({ member, created: true });
      expect(await members.findById(member.memberId)).toEqual(member);
      expect(await members.findByEmail(member.email)).toEqual(member);
    });

    it('finds nothing for an unknown id or email', async () => {
      await members.insertIfAbsent(aMember());
      expect(await members.findById('missing')).toBeUndefined();
      expect(await members.findByEmail('nobody@example.org')).toBeUndefined();
    });

    it('keeps the first member for an email and returns it instead of storing a second', async () => {
      const first = aMember();
      await members.insertIfAbsent(first);
      const second = aMember({ email: first.email });
      expect(await members.insertIfAbsent(second)).toEqual({ member: first, created: false });
      expect(await members.findById(second.memberId)).toBeUndefined();
    });

    it('stores exactly one member when many inserts for one email race', async () => {
      const email = aMember().email;
      const contenders = Array.from({ length: 8 }, () => aMember({ email }));
      const outcomes = await Promise.all(contenders.map((member) => members.insertIfAbsent(member)));
      const winners = outcomes.filter((outcome) => outcome.created);
      expect(winners).toHaveLength(1);
      const winnerId = winners[0]?.member.memberId;
      expect(new Set(outcomes.map((outcome) => outcome.member.memberId))).toEqual(new Set([winnerId]));
      const stored = await Promise.all(contenders.map((member) => members.findById(member.memberId)));
      expect(stored.filter((member) => member !== undefined)).toHaveLength(1);
    });

    it('keeps members with different emails apart', async () => {
      const ada = aMember();
      const grace = aMember();
      await members.insertIfAbsent(ada);
      expect((await members.insertIfAbsent(grace)).created).toBe(true);
      expect(await members.findByEmail(ada.email)).toEqual(ada);
      expect(await members.findByEmail(grace.email)).toEqual(grace);
    });

    it('is not changed by changes to a member it returned', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      const found = await members.findById(member.memberId);
      if (!found) throw new Error('stored member not found');
      found.availability.days[0] = { fromHour: 0, toHour: 1 };
      found.availability.doNotDisturb = true;
      expect(await members.findById(member.memberId)).toEqual(member);
    });
  });
}
