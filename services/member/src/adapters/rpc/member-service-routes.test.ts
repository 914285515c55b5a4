import { createECDH, randomBytes } from 'node:crypto';
import { timestampDate } from '@bufbuild/protobuf/wkt';
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


/** A subscription as a browser makes one: its own P-256 key pair and auth secret, on a public push service. */
function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const userAgent = createECDH('prime256v1');
  userAgent.generateKeys();
  return { endpoint, p256dh: userAgent.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

function memberServiceClient(options: { allowLoopbackPushEndpoints?: boolean } = {}): Client<typeof MemberService> {
  let nextId = 0;
  const service = buildMemberService({
    members: new MemoryMemberRepository(new MemoryOutbox()),
    loginTokens: new MemoryLoginTokenRepository(),
    geocoder: new OfflineGeocoder(),
    secrets: nodeTokenSecrets,
    loginTokenTtlMs: DEFAULT_LOGIN_TOKEN_TTL_MS,
    allowLoopbackPushEndpoints: options.allowLoopbackPushEndpoints ?? false,
    clock: { now: () => new Date('2026-06-01T12:00:00Z') },
    // Member and device ids alike.
    ids: { newId: () => `member-${(nextId += 1)}` },
  });
  return createClient(MemberService, createRouterTransport(service.routes));
}

describe('MemberService over Connect', () => {
  let client: Client<typeof MemberService>;

  beforeEach(() => {
    client = memberServiceClient();
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
    await client.updateAvailability({ memberId: 'member-1', rangeInMiles: 12 });
    expect((await client.getMember({ memberId: 'member-1' })).version).toBeGreaterThan(found.version);
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

  it('deletes a member, who is then NOT_FOUND, and answers NOT_FOUND for a second deletion', async () => {
    await client.ensureMember({ email: 'ada@example.org' });
    await client.deleteMember({ memberId: 'member-1' });
    expect((await connectErrorOf(client.getMember({ memberId: 'member-1' }))).code).toBe(Code.NotFound);
    const again = await connectErrorOf(client.deleteMember({ memberId: 'member-1' }));
    expect([again.code, domainErrorCode(again)]).toEqual([Code.NotFound, 'MEMBER.NOT_FOUND']);
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
    expect(covering.members[0]?.wider).toBe(false);

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
    expect((await client.getMember({ memberId })).member?.availability?.extraMiles).toBe(10);
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

  describe('alert channels and push devices', () => {
    let memberId: string;
    beforeEach(async () => {
      memberId = (await client.ensureMember({ email: 'ada@example.org' })).member?.memberId ?? '';
    });

    it('alerts a member who never chose by text message only, with no device', async () => {
      const answer = await client.getAlertChannels({ memberId });
      expect(answer.channels).toMatchObject({ sms: true, push: false, email: false });
      expect(answer.devices).toEqual([]);
    });

    it('sets the channels as a whole and answers them', async () => {
      const set = await client.setAlertChannels({ memberId, channels: { sms: false, push: true, email: true } });
      expect(set.channels).toMatchObject({ sms: false, push: true, email: true });
      expect((await client.getAlertChannels({ memberId })).channels).toMatchObject({ sms: false, push: true, email: true });
    });

    it('refuses every channel off with INVALID_ARGUMENT, MEMBER.INVALID_ALERT_CHANNELS and the message, changing nothing', async () => {
      for (const channels of [{ sms: false, push: false, email: false }, undefined]) {
        const error = await connectErrorOf(client.setAlertChannels({ memberId, channels }));
        expect([error.code, domainErrorCode(error), error.rawMessage]).toEqual([Code.InvalidArgument, 'MEMBER.INVALID_ALERT_CHANNELS', 'Choose at least one way to be alerted.']);
      }
      expect((await client.getAlertChannels({ memberId })).channels).toMatchObject({ sms: true, push: false, email: false });
    });

    it('refuses notifications alone while the member has no device, changing nothing', async () => {
      const error = await connectErrorOf(client.setAlertChannels({ memberId, channels: { sms: false, push: true, email: false } }));
      expect([error.code, domainErrorCode(error)]).toEqual([Code.InvalidArgument, 'MEMBER.INVALID_ALERT_CHANNELS']);
      expect(error.rawMessage).toMatch(/^Choose at least one way to be alerted: notifications reach no device/);
      expect((await client.getAlertChannels({ memberId })).channels).toMatchObject({ sms: true, push: false, email: false });
    });

    it('answers NOT_FOUND for the channels and devices of an unknown member', async () => {
      for (const call of [
        client.getAlertChannels({ memberId: 'missing' }),
        client.setAlertChannels({ memberId: 'missing', channels: { sms: true, push: false, email: false } }),
        client.addPushDevice({ memberId: 'missing', name: 'Phone', ...browserSubscription() }),
        client.removePushDevice({ memberId: 'missing', deviceId: 'id-1' }),
      ]) {
        const error = await connectErrorOf(call);
        expect([error.code, domainErrorCode(error)]).toEqual([Code.NotFound, 'MEMBER.NOT_FOUND']);
      }
    });

    it('keeps a subscription as a device under its trimmed name and lists it without the subscription', async () => {
      const added = await client.addPushDevice({ memberId, name: '  Pixel 8\n(Chrome) ', ...browserSubscription() });
      expect(added.device).toMatchObject({ deviceId: expect.stringMatching(/.+/), name: 'Pixel 8 (Chrome)' });
      expect(added.device?.deviceId).not.toBe(memberId);
      expect(timestampDate(added.device!.addedAt!).toISOString()).toBe('2026-06-01T12:00:00.000Z');
      const listed = await client.getAlertChannels({ memberId });
      expect(listed.devices).toEqual([added.device]);
      expect(Object.keys(listed.devices[0]!).filter((key) => !key.startsWith('$')).sort()).toEqual(['addedAt', 'deviceId', 'name']);
    });

    it.each([
      [{ endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, 'the endpoint must be an https URL'],
      [{ endpoint: 'https://127.0.0.1:8443/push/abc' }, "the endpoint's host 127.0.0.1 is a loopback IP address, not a public push service"],
      [{ endpoint: 'https://10.0.0.7/push/abc' }, "the endpoint's host 10.0.0.7 is a private IP address, not a public push service"],
      [{ auth: 'short' }, 'keys.auth must be base64url of 16 octets (22 characters)'],
      [{ name: '' }, 'the device name is missing'],
    ])('refuses %j with INVALID_ARGUMENT, MEMBER.INVALID_PUSH_SUBSCRIPTION and the problem', async (override, message) => {
      const error = await connectErrorOf(client.addPushDevice({ memberId, name: 'Phone', ...browserSubscription(), ...override }));
      expect([error.code, domainErrorCode(error), error.rawMessage]).toEqual([Code.InvalidArgument, 'MEMBER.INVALID_PUSH_SUBSCRIPTION', message]);
      expect((await client.getAlertChannels({ memberId })).devices).toEqual([]);
    });

    it('accepts an endpoint on this machine only when configured to, for the tests’ local push service', async () => {
      const local = memberServiceClient({ allowLoopbackPushEndpoints: true });
      const { member } = await local.ensureMember({ email: 'ada@example.org' });
      const added = await local.addPushDevice({ memberId: member?.memberId ?? '', name: 'Test phone', ...browserSubscription('https://127.0.0.1:8443/push/abc') });
      expect(added.device?.name).toBe('Test phone');
    });

    it('refuses an 11th device with FAILED_PRECONDITION, MEMBER.TOO_MANY_DEVICES and the message', async () => {
      for (let index = 0; index < 10; index += 1) await client.addPushDevice({ memberId, name: `Phone ${index}`, ...browserSubscription() });
      const error = await connectErrorOf(client.addPushDevice({ memberId, name: 'One too many', ...browserSubscription() }));
      expect([error.code, domainErrorCode(error), error.rawMessage]).toEqual([
        Code.FailedPrecondition,
        'MEMBER.TOO_MANY_DEVICES',
        'You can get notifications on at most 10 devices. Remove one first.',
      ]);
      expect((await client.getAlertChannels({ memberId })).devices).toHaveLength(10);
    });

    it('moves an endpoint to the member who adds it again, with the new name', async () => {
      const grace = (await client.ensureMember({ email: 'grace@example.org' })).member?.memberId ?? '';
      const subscription = browserSubscription();
      await client.addPushDevice({ memberId, name: 'Shared phone', ...subscription });
      const moved = await client.addPushDevice({ memberId: grace, name: "Grace's phone", ...subscription });
      expect((await client.getAlertChannels({ memberId })).devices).toEqual([]);
      expect((await client.getAlertChannels({ memberId: grace })).devices).toEqual([moved.device]);
    });

    it('removes a device by its id, and answers NOT_FOUND with MEMBER.DEVICE_NOT_FOUND for one that is not theirs', async () => {
      const { device } = await client.addPushDevice({ memberId, name: 'Phone', ...browserSubscription() });
      const grace = (await client.ensureMember({ email: 'grace@example.org' })).member?.memberId ?? '';
      const notTheirs = await connectErrorOf(client.removePushDevice({ memberId: grace, deviceId: device?.deviceId ?? '' }));
      expect([notTheirs.code, domainErrorCode(notTheirs)]).toEqual([Code.NotFound, 'MEMBER.DEVICE_NOT_FOUND']);
      expect(await client.removePushDevice({ memberId, deviceId: device?.deviceId ?? '' })).toBeDefined();
      expect((await client.getAlertChannels({ memberId })).devices).toEqual([]);
      const again = await connectErrorOf(client.removePushDevice({ memberId, deviceId: device?.deviceId ?? '' }));
      expect([again.code, domainErrorCode(again), again.rawMessage]).toEqual([Code.NotFound, 'MEMBER.DEVICE_NOT_FOUND', 'Device not found.']);
    });

    it('removes a gone endpoint from whichever member holds it, idempotently', async () => {
      const subscription = browserSubscription();
      await client.addPushDevice({ memberId, name: 'Phone', ...subscription });
      expect((await client.removePushEndpoint({ endpoint: subscription.endpoint })).removed).toBe(true);
      expect((await client.getAlertChannels({ memberId })).devices).toEqual([]);
      expect((await client.removePushEndpoint({ endpoint: subscription.endpoint })).removed).toBe(false);
      expect((await client.removePushEndpoint({ endpoint: '' })).removed).toBe(false);
    });

    it('lists the channels, the login email and every device with its subscription in the alert settings, each change raising the version', async () => {
      const grace = (await client.ensureMember({ email: 'Grace@Example.org' })).member?.memberId ?? '';
      const before = (await client.listAlertSettings({ memberIds: [memberId] })).settings[0]!.version;
      await client.setAlertChannels({ memberId, channels: { sms: true, push: true, email: false } });
      const subscription = browserSubscription();
      const { device } = await client.addPushDevice({ memberId, name: 'Pixel 8', ...subscription });
      const { settings } = await client.listAlertSettings({ memberIds: [memberId, grace] });
      const byId = new Map(settings.map((entry) => [entry.memberId, entry]));
      expect(byId.get(memberId)).toMatchObject({
        version: before + 2,
        email: 'ada@example.org',
        channels: { sms: true, push: true, email: false },
        pushTargets: [{ deviceId: device?.deviceId, name: 'Pixel 8', endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth }],
      });
      // Never chose: left out, which reads as text message only.
      expect(byId.get(grace)?.channels).toBeUndefined();
      expect(byId.get(grace)).toMatchObject({ email: 'grace@example.org', pushTargets: [] });
    });
  });
});
