import { Code, createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { domainErrorCode } from '@swarm/runtime';
import { connectErrorOf } from '@swarm/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMemberService } from '../../member-service.js';
import { MemoryMemberRepository } from '../memory/memory-member-repository.js';


describe('MemberService over Connect', () => {
  let client: Client<typeof MemberService>;

  beforeEach(() => {
    let nextId = 0;
    const service = buildMemberService({
      members: new MemoryMemberRepository(),
      clock: { now: () => new Date('2026-06-01T12:00:00Z') },
      ids: { newId: () => `member-${(nextId += 1)}` },
    });
    client = createClient(MemberService, createRouterTransport(service.routes));
  });

  it('ensures a member and returns it with the default availability, then finds it by id', async () => {
    const ensured = await client.ensureMember({ email: ' Ada@Example.org ' });
    expect(ensured.created).toBe(true);
    expect(ensured.member?.memberId).toBe('member-1');
    expect(ensured.member?.email).toBe('ada@example.org');
    expect(ensured.member?.availability).toMatchObject({ doNotDisturb: false, elevationMaximumFeet: 10, rangeInMiles: 5 });
    expect(ensured.member?.availability?.days.map((day) => [day.fromHour, day.toHour])).toEqual([
      [9, 22],
      [17, 22],
      [17, 22],
      [17, 22],
      [17, 22],
      [17, 22],
      [9, 22],
    ]);

    const again = await client.ensureMember({ email: 'ada@example.org' });
    expect([again.created, again.member?.memberId]).toEqual([false, 'member-1']);

    const found = await client.getMember({ memberId: 'member-1' });
    expect(found.member).toEqual(ensured.member);
  });

  it('answers an invalid email with INVALID_ARGUMENT and the rule code', async () => {
    const error = await connectErrorOf(client.ensureMember({ email: 'ada@' }));
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('MEMBER.INVALID_EMAIL');
  });

  it('answers an unknown member id with NOT_FOUND and the rule code', async () => {
    const error = await connectErrorOf(client.getMember({ memberId: 'missing' }));
    expect(error.code).toBe(Code.NotFound);
    expect(domainErrorCode(error)).toBe('MEMBER.NOT_FOUND');
  });
});
