import { Code, createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { MemberService, OnboardingStatus } from '@swarm/proto/member/v1/member_service';
import { domainErrorCode, fieldViolations, MemoryOutbox } from '@swarm/runtime';
import { connectErrorOf } from '@swarm/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMemberService, DEFAULT_LOGIN_TOKEN_TTL_MS } from '../../member-service.js';
import { nodeTokenSecrets } from '../crypto/node-token-secrets.js';
import { MemoryLoginTokenRepository } from '../memory/memory-login-token-repository.js';
import { MemoryMemberRepository } from '../memory/memory-member-repository.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';


describe('MemberService over Connect', () => {
  let client: Client<typeof MemberService>;

  beforeEach(() => {
    let nextId = 0;
    const service = buildMemberService({
      members: new MemoryMemberRepository(new MemoryOutbox()),
      loginTokens: new MemoryLoginTokenRepository(),
      geocoder: new OfflineGeocoder(),
      secrets: nodeTokenSecrets,
      loginTokenTtlMs: DEFAULT_LOGIN_TOKEN_TTL_MS,
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
    expect(ensured.member?.availability).toMatchObject({ doNotDisturb: false, elevationMaximumFeet: 10, rangeInMiles: 5, extraMiles: 0 });
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

  it("keeps a member's information with the home location its address was placed at and finds the member covering a nearby swarm", async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const memberId = member?.memberId ?? '';
    const updated = await client.updateMemberInformation({
      memberId,
      name: 'Ada Lovelace',
      phoneNumber: '5035550100',
      address: '1 Hive Way, Portland, OR, USA',
    });
    expect(updated.member).toMatchObject({ name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' });
    expect(updated.member?.home).toMatchObject({ latitude: 45.5152, longitude: -122.6784 });

    const covering = await client.findCoveringMembers({ point: { latitude: 45.5152 + 3 / 69.0934, longitude: -122.6784 }, heightFeet: 10 });
    expect(covering.members.map((found) => found.memberId)).toEqual([memberId]);
    expect(covering.members[0]?.distanceMiles).toBeCloseTo(3, 2);
    expect(covering.members[0]?.member?.timeZone).toBe('UTC');

    const tooHigh = await client.findCoveringMembers({ point: { latitude: 45.5152, longitude: -122.6784 }, heightFeet: 11 });
    expect(tooHigh.members).toEqual([]);
    const tooFar = await client.findCoveringMembers({ point: { latitude: 45.5152 + 6 / 69.0934, longitude: -122.6784 }, heightFeet: 1 });
    expect(tooFar.members).toEqual([]);
  });

  it('refuses an address the geocoder cannot place with MEMBER.ADDRESS_UNRESOLVED and the spec message, changing nothing', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const error = await connectErrorOf(
      client.updateMemberInformation({ memberId: member?.memberId ?? '', name: 'Ada Lovelace', phoneNumber: '', address: 'Nowhere in particular' }),
    );
    expect([error.code, domainErrorCode(error), fieldViolations(error)]).toEqual([
      Code.InvalidArgument,
      'MEMBER.ADDRESS_UNRESOLVED',
      ['Please select an address from the list.'],
    ]);
    expect((await client.getMember({ memberId: member?.memberId ?? '' })).member).toMatchObject({ name: '', address: '' });
  });

  it('answers invalid information with INVALID_ARGUMENT listing every broken rule, changing nothing', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const error = await connectErrorOf(
      client.updateMemberInformation({ memberId: member?.memberId ?? '', name: 'Ada', phoneNumber: '12345', address: 'Nowhere' }),
    );
    expect(error.code).toBe(Code.InvalidArgument);
    expect(domainErrorCode(error)).toBe('MEMBER.INVALID_INFORMATION');
    expect(fieldViolations(error)).toEqual([
      'First and Last name required',
      'Phone is invalid (10 digts, only numbers)',
    ]);
    expect((await client.getMember({ memberId: member?.memberId ?? '' })).member?.name).toBe('');
  });

  it('changes one availability key and the time zone, and refuses a range over 25 with the spec message', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const memberId = member?.memberId ?? '';
    const changed = await client.updateAvailability({ memberId, rangeInMiles: 12, timeZone: 'america/new_york' });
    expect(changed.member?.availability?.rangeInMiles).toBe(12);
    expect(changed.member?.timeZone).toBe('America/New_York');
    const hours = await client.updateAvailability({ memberId, dayHours: [{ day: 2, toHour: 24 }] });
    expect(hours.member?.availability?.days[2]).toMatchObject({ fromHour: 17, toHour: 24 });

    const error = await connectErrorOf(client.updateAvailability({ memberId, rangeInMiles: 26 }));
    expect([error.code, error.rawMessage, domainErrorCode(error)]).toEqual([Code.InvalidArgument, 'Range in miles cannot exceed 25.', 'MEMBER.INVALID_AVAILABILITY']);
    expect((await client.getMember({ memberId })).member?.availability?.rangeInMiles).toBe(12);
  });

  it('sets the extra miles for unclaimed swarms and refuses fractions and values out of 0 to 25, changing nothing', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const memberId = member?.memberId ?? '';
    const changed = await client.updateAvailability({ memberId, extraMiles: 10 });
    expect(changed.member?.availability).toMatchObject({ extraMiles: 10, rangeInMiles: 5 });

    for (const [extraMiles, message] of [
      [2.5, 'Extra miles must be a whole number.'],
      [26, 'Extra miles cannot exceed 25.'],
      [-1, 'Extra miles cannot be negative.'],
    ] as const) {
      const error = await connectErrorOf(client.updateAvailability({ memberId, extraMiles }));
      expect([error.code, error.rawMessage, domainErrorCode(error), fieldViolations(error)]).toEqual([
        Code.InvalidArgument,
        message,
        'MEMBER.INVALID_AVAILABILITY',
        [message],
      ]);
    }
    expect((await client.getMember({ memberId })).member?.availability?.extraMiles).toBe(10);
    const off = await client.updateAvailability({ memberId, extraMiles: 0 });
    expect(off.member?.availability?.extraMiles).toBe(0);
  });

  it('answers members covering a swarm only through their extra miles, marked wider, when asked to', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    const memberId = member?.memberId ?? '';
    await client.updateMemberInformation({ memberId, name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' });
    await client.updateAvailability({ memberId, extraMiles: 10 });
    const near = { latitude: 45.5152 + 3 / 69.0934, longitude: -122.6784 };
    const wider = { latitude: 45.5152 + 12 / 69.0934, longitude: -122.6784 };
    const beyond = { latitude: 45.5152 + 16 / 69.0934, longitude: -122.6784 };

    expect((await client.findCoveringMembers({ point: wider, heightFeet: 10 })).members).toEqual([]);
    const found = await client.findCoveringMembers({ point: wider, heightFeet: 10, includeWider: true });
    expect(found.members.map((covering) => [covering.memberId, covering.wider])).toEqual([[memberId, true]]);
    expect(found.members[0]?.distanceMiles).toBeCloseTo(12, 2);
    expect(found.members[0]?.member?.availability?.extraMiles).toBe(10);
    const regular = await client.findCoveringMembers({ point: near, heightFeet: 10, includeWider: true });
    expect(regular.members.map((covering) => [covering.memberId, covering.wider])).toEqual([[memberId, false]]);
    expect((await client.findCoveringMembers({ point: beyond, heightFeet: 10, includeWider: true })).members).toEqual([]);
    expect((await client.findCoveringMembers({ point: wider, heightFeet: 11, includeWider: true })).members).toEqual([]);
  });

  it('marks the dashboard tour completed', async () => {
    const { member } = await client.ensureMember({ email: 'ada@example.org' });
    expect(member?.onboarding).toMatchObject([{ onboardingId: 1, status: OnboardingStatus.TO_SHOW }]);
    const updated = await client.updateOnboarding({ memberId: member?.memberId ?? '', onboardingId: 1, status: OnboardingStatus.COMPLETED });
    expect(updated.member?.onboarding).toMatchObject([{ onboardingId: 1, status: OnboardingStatus.COMPLETED }]);
    const unspecified = await connectErrorOf(client.updateOnboarding({ memberId: member?.memberId ?? '', onboardingId: 1, status: OnboardingStatus.UNSPECIFIED }));
    expect([unspecified.code, fieldViolations(unspecified)]).toEqual([Code.InvalidArgument, ["Onboarding status must be 'a' or 'c'."]]);
  });

  it('logs in once with an issued token, creating the member, and refuses the token the second time', async () => {
    const issued = await client.issueLoginToken({ email: 'New.Member@example.org' });
    expect(issued.token.length).toBeGreaterThanOrEqual(22);
    const first = await client.consumeLoginToken({ token: issued.token });
    expect([first.created, first.member?.email]).toEqual([true, 'new.member@example.org']);
    const again = await connectErrorOf(client.consumeLoginToken({ token: issued.token }));
    expect([again.code, domainErrorCode(again)]).toEqual([Code.NotFound, 'MEMBER.LOGIN_TOKEN_INVALID']);
  });

  describe('inbound SMS and alert scheduling', () => {
    const informed = async (email: string, phoneNumber: string) => {
      const { member } = await client.ensureMember({ email });
      const memberId = member?.memberId ?? '';
      await client.updateMemberInformation({ memberId, name: 'Ada Lovelace', phoneNumber, address: '' });
      return memberId;
    };

    it('finds a member by the +1 form Twilio sends and by ten digits', async () => {
      const memberId = await informed('ada@example.org', '5035550100');
      expect((await client.findMemberByPhone({ phoneNumber: '+15035550100' })).member?.memberId).toBe(memberId);
      expect((await client.findMemberByPhone({ phoneNumber: '5035550100' })).member?.memberId).toBe(memberId);
    });

    it('answers an unknown or malformed phone number with NOT_FOUND', async () => {
      await informed('ada@example.org', '5035550100');
      for (const phoneNumber of ['+15035550199', '', 'nonsense']) {
        const error = await connectErrorOf(client.findMemberByPhone({ phoneNumber }));
        expect(error.code).toBe(Code.NotFound);
      }
    });

    it('sets and clears Do Not Disturb, leaving the rest of the availability alone', async () => {
      const memberId = await informed('ada@example.org', '5035550100');
      await client.updateAvailability({ memberId, rangeInMiles: 12 });
      const stopped = await client.setDoNotDisturb({ memberId, doNotDisturb: true });
      expect(stopped.member?.availability).toMatchObject({ doNotDisturb: true, rangeInMiles: 12 });
      const started = await client.setDoNotDisturb({ memberId, doNotDisturb: false });
      expect(started.member?.availability).toMatchObject({ doNotDisturb: false, rangeInMiles: 12 });
      const error = await connectErrorOf(client.setDoNotDisturb({ memberId: 'missing', doNotDisturb: true }));
      expect(error.code).toBe(Code.NotFound);
    });

    it('lists the alert settings of many members with their versions, leaving out unknown ids', async () => {
      const ada = await informed('ada@example.org', '5035550100');
      const grace = await informed('grace@example.org', '5035550101');
      await client.updateAvailability({ memberId: ada, timeZone: 'America/Los_Angeles' });
      await client.updateAvailability({ memberId: ada, extraMiles: 5 });
      const { settings } = await client.listAlertSettings({ memberIds: [ada, grace, 'unknown'] });
      const byId = new Map(settings.map((entry) => [entry.memberId, entry]));
      expect([...byId.keys()].sort()).toEqual([ada, grace].sort());
      expect(byId.get(ada)).toMatchObject({
        name: 'Ada Lovelace',
        phoneNumber: '5035550100',
        timeZone: 'America/Los_Angeles',
        availability: { doNotDisturb: false, extraMiles: 5 },
      });
      expect(byId.get(grace)).toMatchObject({ name: 'Ada Lovelace', availability: { extraMiles: 0 } });
      expect(byId.get(ada)!.version).toBeGreaterThan(byId.get(grace)!.version);
      expect(byId.get(ada)!.availability?.days).toHaveLength(7);
      const error = await connectErrorOf(client.listAlertSettings({ memberIds: Array.from({ length: 1_001 }, (_, index) => `m-${index}`) }));
      expect([error.code, domainErrorCode(error)]).toEqual([Code.InvalidArgument, 'MEMBER.TOO_MANY_IDS']);
    });
  });
});
