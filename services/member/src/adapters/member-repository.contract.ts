import { MemberChangedEvent, MemberDeletedEvent, type OutboxStore } from '@swarm/runtime';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MemberRepository } from '../app/ports.js';
import { defaultAvailability } from '../domain/availability.js';
import { coverageOf } from '../domain/covering.js';
import type { GeoPoint } from '../domain/geo.js';
import { newMember, type Member } from '../domain/member.js';
import { MAX_PUSH_DEVICES, type PushDevice } from '../domain/push-device.js';

let sequence = 0;
export function aMember(overrides: Partial<Member> = {}): Member {
  sequence += 1;
  const unique = `${sequence}-${Math.random().toString(36).slice(2)}`;
  return {
    ...newMember({ memberId: `member-${unique}`, email: `beekeeper-${unique}@example.org`, createdAt: new Date('2026-05-01T10:00:00.000Z') }),
    ...overrides,
  };
}

let deviceSequence = 0;
export function aDevice(overrides: Partial<PushDevice> = {}): PushDevice {
  deviceSequence += 1;
  return {
    deviceId: `device-${deviceSequence}`,
    name: `Phone ${deviceSequence}`,
    endpoint: `https://fcm.googleapis.com/fcm/send/endpoint-${deviceSequence}-${Math.random().toString(36).slice(2)}`,
    p256dh: `p256dh-${deviceSequence}`,
    auth: `auth-${deviceSequence}`,
    addedAt: new Date('2026-06-01T12:00:00.000Z'),
    ...overrides,
  };
}

/** Portland, Oregon, and places at known great-circle distances from it. */
const PORTLAND: GeoPoint = { latitude: 45.5152, longitude: -122.6784 };
/** One degree of latitude is 69.09 miles on the mean-radius sphere: these lie due north of Portland. */
const northOf = (miles: number): GeoPoint => ({ latitude: PORTLAND.latitude + miles / 69.0934, longitude: PORTLAND.longitude });

function aMemberAt(home: GeoPoint | undefined, availability: Partial<Member['availability']> = {}): Member {
  return aMember({ home, address: home ? 'somewhere' : '', availability: { ...defaultAvailability(), ...availability } });
}

/** What every MemberRepository adapter must do; `create` gives a fresh, empty repository. */
export function memberRepositoryContract(name: string, create: () => Promise<MemberRepository>): void {
  describe(`MemberRepository contract: ${name}`, () => {
    let members: MemberRepository;
    beforeEach(async () => {
      members = await create();
    });

    it('stores a member with its information and availability and finds it by id and by email', async () => {
      const member = aMember({
        name: 'Ada Lovelace',
        phoneNumber: '5035550100',
        address: '1 Hive Way, Portland, OR, USA',
        home: PORTLAND,
        timeZone: 'America/Los_Angeles',
        onboarding: [{ onboardingId: 1, status: 'c' }],
        availability: { doNotDisturb: true, elevationMaximumFeet: 30, rangeInMiles: 12, days: [...defaultAvailability().days].reverse(), extraMiles: 7 },
      });
      expect(await members.insertIfAbsent(member)).toEqual({ member, created: true });
      expect(await members.findById(member.memberId)).toEqual(member);
      expect(await members.findByEmail(member.email)).toEqual(member);
    });

    it('stores a new member without a home and returns it without one', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      expect((await members.findById(member.memberId))?.home).toBeUndefined();
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

    it('finds a member by phone number, after a change of number only by the new one', async () => {
      const member = aMember({ phoneNumber: '5035550142' });
      await members.insertIfAbsent(member);
      await members.insertIfAbsent(aMember({ phoneNumber: '5035550143' }));
      expect(await members.findByPhone('5035550142')).toEqual(member);
      await members.update(member.memberId, { phoneNumber: '5035550144' });
      expect(await members.findByPhone('5035550142')).toBeUndefined();
      expect((await members.findByPhone('5035550144'))?.memberId).toBe(member.memberId);
    });

    it('finds no member by an unknown or empty phone number', async () => {
      await members.insertIfAbsent(aMember());
      expect(await members.findByPhone('5035550199')).toBeUndefined();
      expect(await members.findByPhone('')).toBeUndefined();
    });

    it('returns the earliest registered member when several gave one phone number', async () => {
      const later = aMember({ phoneNumber: '5035550150', createdAt: new Date('2026-05-03T10:00:00.000Z') });
      const earliest = aMember({ phoneNumber: '5035550150', createdAt: new Date('2026-05-02T10:00:00.000Z') });
      await members.insertIfAbsent(later);
      await members.insertIfAbsent(earliest);
      expect((await members.findByPhone('5035550150'))?.memberId).toBe(earliest.memberId);
    });

    it('is not changed by changes to a member it returned', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      const found = await members.findById(member.memberId);
      if (!found) throw new Error('stored member not found');
      found.availability.days[0] = { fromHour: 0, toHour: 1 };
      found.availability.doNotDisturb = true;
      found.onboarding.push({ onboardingId: 2, status: 'a' });
      expect(await members.findById(member.memberId)).toEqual(member);
    });

    it('updates the information fields given and returns the member as stored', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      const updated = await members.update(member.memberId, {
        name: 'Grace Hopper',
        phoneNumber: '5035550101',
        address: '2 Comb St, Portland, OR, USA',
        home: PORTLAND,
      });
      const expected = { ...member, name: 'Grace Hopper', phoneNumber: '5035550101', address: '2 Comb St, Portland, OR, USA', home: PORTLAND };
      expect(updated).toEqual(expected);
      expect(await members.findById(member.memberId)).toEqual(expected);
    });

    it('removes the home when the patch sets it to undefined', async () => {
      const member = aMember({ address: 'x', home: PORTLAND });
      await members.insertIfAbsent(member);
      await members.update(member.memberId, { address: '', home: undefined });
      expect(await members.findById(member.memberId)).toEqual({ ...member, address: '', home: undefined });
    });

    it('changes only the availability fields and days given, keeping the others', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      await members.update(member.memberId, { availability: { rangeInMiles: 20 } });
      await members.update(member.memberId, { availability: { extraMiles: 15 } });
      await members.update(member.memberId, { availability: { days: { 3: { fromHour: 6, toHour: 24 } } }, timeZone: 'Europe/Paris' });
      const days = defaultAvailability().days;
      days[3] = { fromHour: 6, toHour: 24 };
      expect(await members.findById(member.memberId)).toEqual({
        ...member,
        timeZone: 'Europe/Paris',
        availability: { ...defaultAvailability(), rangeInMiles: 20, extraMiles: 15, days },
      });
    });

    it('replaces the onboarding list', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      await members.update(member.memberId, { onboarding: [{ onboardingId: 1, status: 'c' }] });
      expect((await members.findById(member.memberId))?.onboarding).toEqual([{ onboardingId: 1, status: 'c' }]);
    });

    it('updates nothing and answers undefined for an unknown id', async () => {
      expect(await members.update('missing', { name: 'No One' })).toBeUndefined();
      expect(await members.findById('missing')).toBeUndefined();
    });

    describe('alert channels and push devices', () => {
      const devicesOf = async (memberId: string) => (await members.findById(memberId))?.pushDevices ?? [];
      const stored = async () => {
        const member = aMember();
        await members.insertIfAbsent(member);
        return member.memberId;
      };

      it('keeps no channels for a new member until they choose, then the channels chosen, replacing them as a whole', async () => {
        const memberId = await stored();
        expect((await members.findById(memberId))?.alertChannels).toBeUndefined();
        const updated = await members.update(memberId, { alertChannels: { sms: false, push: true, email: true } });
        expect(updated?.alertChannels).toEqual({ sms: false, push: true, email: true });
        await members.update(memberId, { alertChannels: { sms: true, push: false, email: true } });
        expect((await members.findById(memberId))?.alertChannels).toEqual({ sms: true, push: false, email: true });
      });

      it('adds devices, oldest first, and returns each as stored', async () => {
        const memberId = await stored();
        const [first, second] = [aDevice(), aDevice()];
        expect(await members.addPushDevice(memberId, first!)).toEqual({ kind: 'added', device: first });
        expect(await members.addPushDevice(memberId, second!)).toEqual({ kind: 'added', device: second });
        expect(await devicesOf(memberId)).toEqual([first, second]);
        expect((await members.findVersioned([memberId]))[0]?.member.pushDevices).toEqual([first, second]);
      });

      it("takes the new name and keys when the member's device subscribes again, keeping its id and date", async () => {
        const memberId = await stored();
        const device = aDevice();
        await members.addPushDevice(memberId, device);
        const again = aDevice({ endpoint: device.endpoint, name: 'Kitchen tablet', p256dh: 'new-key', auth: 'new-auth', addedAt: new Date('2026-07-01T00:00:00Z') });
        const expected = { ...device, name: 'Kitchen tablet', p256dh: 'new-key', auth: 'new-auth' };
        expect(await members.addPushDevice(memberId, again)).toEqual({ kind: 'added', device: expected });
        expect(await devicesOf(memberId)).toEqual([expected]);
      });

      it('moves an endpoint another member held to the member adding it: one device per endpoint', async () => {
        const [before, after] = [await stored(), await stored()];
        const kept = aDevice();
        const device = aDevice();
        await members.addPushDevice(before, kept);
        await members.addPushDevice(before, device);
        const moved = aDevice({ endpoint: device.endpoint, name: 'Shared phone' });
        expect(await members.addPushDevice(after, moved)).toEqual({ kind: 'added', device: moved });
        expect(await devicesOf(before)).toEqual([kept]);
        expect(await devicesOf(after)).toEqual([moved]);
        expect(await members.removePushEndpoint(device.endpoint)).toBe(true);
        expect(await devicesOf(after)).toEqual([]);
        expect(await devicesOf(before)).toEqual([kept]);
      });

      it('leaves exactly one holder when several members add one endpoint at once', async () => {
        const memberIds = await Promise.all(Array.from({ length: 5 }, () => stored()));
        const endpoint = aDevice().endpoint;
        const outcomes = await Promise.all(memberIds.map((memberId) => members.addPushDevice(memberId, aDevice({ endpoint }))));
        expect(outcomes.map(({ kind }) => kind)).toEqual(memberIds.map(() => 'added'));
        const holders = [];
        for (const memberId of memberIds) if ((await devicesOf(memberId)).some((device) => device.endpoint === endpoint)) holders.push(memberId);
        expect(holders).toHaveLength(1);
        expect(await members.removePushEndpoint(endpoint)).toBe(true);
        for (const memberId of memberIds) expect(await devicesOf(memberId)).toEqual([]);
      });

      it(`refuses an ${MAX_PUSH_DEVICES + 1}th device, changing nothing, but lets a device subscribe again`, async () => {
        const memberId = await stored();
        const devices = Array.from({ length: MAX_PUSH_DEVICES }, () => aDevice());
        for (const device of devices) await members.addPushDevice(memberId, device);
        expect(await members.addPushDevice(memberId, aDevice())).toEqual({ kind: 'too-many' });
        expect(await devicesOf(memberId)).toEqual(devices);
        const again = aDevice({ endpoint: devices[4]!.endpoint, name: 'Renamed' });
        expect(await members.addPushDevice(memberId, again)).toMatchObject({ kind: 'added', device: { deviceId: devices[4]!.deviceId, name: 'Renamed' } });
      });

      it('leaves an endpoint with its holder when the member adding it already has the most devices', async () => {
        const [holder, full] = [await stored(), await stored()];
        const device = aDevice();
        await members.addPushDevice(holder, device);
        for (let index = 0; index < MAX_PUSH_DEVICES; index += 1) await members.addPushDevice(full, aDevice());
        expect(await members.addPushDevice(full, aDevice({ endpoint: device.endpoint }))).toEqual({ kind: 'too-many' });
        expect(await devicesOf(holder)).toEqual([device]);
      });

      it(`never gives a member more than ${MAX_PUSH_DEVICES} devices when adds race`, async () => {
        const memberId = await stored();
        for (let index = 0; index < MAX_PUSH_DEVICES - 2; index += 1) await members.addPushDevice(memberId, aDevice());
        const outcomes = await Promise.all(Array.from({ length: 5 }, () => members.addPushDevice(memberId, aDevice())));
        expect(outcomes.filter(({ kind }) => kind === 'added')).toHaveLength(2);
        expect(outcomes.filter(({ kind }) => kind === 'too-many')).toHaveLength(3);
        expect(await devicesOf(memberId)).toHaveLength(MAX_PUSH_DEVICES);
      });

      it('removes a device by its id, and says when the device or the member is unknown', async () => {
        const memberId = await stored();
        const [first, second] = [aDevice(), aDevice()];
        await members.addPushDevice(memberId, first!);
        await members.addPushDevice(memberId, second!);
        expect(await members.removePushDevice(memberId, first!.deviceId)).toBe('removed');
        expect(await devicesOf(memberId)).toEqual([second]);
        expect(await members.removePushDevice(memberId, first!.deviceId)).toBe('device-not-found');
        expect(await members.removePushDevice('unknown', second!.deviceId)).toBe('member-not-found');
        // The endpoint of a removed device is free: another member adds it without anyone losing a device.
        const other = await stored();
        await members.addPushDevice(other, aDevice({ endpoint: first!.endpoint }));
        expect(await devicesOf(memberId)).toEqual([second]);
      });

      it("does not remove another member's device by its id", async () => {
        const [owner, other] = [await stored(), await stored()];
        const device = aDevice();
        await members.addPushDevice(owner, device);
        expect(await members.removePushDevice(other, device.deviceId)).toBe('device-not-found');
        expect(await devicesOf(owner)).toEqual([device]);
      });

      it('removes an endpoint from whichever member holds it, once', async () => {
        const memberId = await stored();
        const [gone, kept] = [aDevice(), aDevice()];
        await members.addPushDevice(memberId, gone!);
        await members.addPushDevice(memberId, kept!);
        expect(await members.removePushEndpoint(gone!.endpoint)).toBe(true);
        expect(await devicesOf(memberId)).toEqual([kept]);
        expect(await members.removePushEndpoint(gone!.endpoint)).toBe(false);
        expect(await members.removePushEndpoint('https://push.example.org/never-seen')).toBe(false);
      });

      it('adds nothing for an unknown member', async () => {
        const device = aDevice();
        expect(await members.addPushDevice('unknown', device)).toEqual({ kind: 'member-not-found' });
        expect(await members.removePushEndpoint(device.endpoint)).toBe(false);
      });

      it('is not changed by changes to the devices it returned', async () => {
        const memberId = await stored();
        const device = aDevice();
        const outcome = await members.addPushDevice(memberId, device);
        if (outcome.kind !== 'added') throw new Error('the device was not added');
        outcome.device.name = 'Changed';
        const found = await members.findById(memberId);
        found?.pushDevices.pop();
        expect(await devicesOf(memberId)).toEqual([device]);
      });
    });

    describe('finding the members who cover a swarm', () => {
      it('returns members whose own range reaches the point, nearest first, with the distance in miles', async () => {
        const near = aMemberAt(northOf(2), { rangeInMiles: 5 });
        const farButWideRange = aMemberAt(northOf(9), { rangeInMiles: 10 });
        const atHome = aMemberAt(PORTLAND, { rangeInMiles: 1 });
        for (const member of [farButWideRange, near, atHome]) await members.insertIfAbsent(member);
        const covering = await members.findCovering(PORTLAND, 5);
        expect(covering.map(({ memberId }) => memberId)).toEqual([atHome.memberId, near.memberId, farButWideRange.memberId]);
        expect(covering[0]?.distanceMiles).toBeCloseTo(0, 6);
        expect(covering[1]?.distanceMiles).toBeCloseTo(2, 2);
        expect(covering[2]?.distanceMiles).toBeCloseTo(9, 2);
        expect(covering[1]?.memberId).toBe(near.memberId);
        expect(covering.map(({ wider }) => wider)).toEqual([false, false, false]);
      });

      it('leaves out members whose range does not reach the point', async () => {
        await members.insertIfAbsent(aMemberAt(northOf(6), { rangeInMiles: 5 }));
        await members.insertIfAbsent(aMemberAt(northOf(30), { rangeInMiles: 25 }));
        expect(await members.findCovering(PORTLAND, 5)).toEqual([]);
      });

      it('includes a member exactly at the edge of a 25-mile range and leaves out one just beyond', async () => {
        const edge = aMemberAt(northOf(24.99), { rangeInMiles: 25 });
        await members.insertIfAbsent(edge);
        await members.insertIfAbsent(aMemberAt(northOf(25.05), { rangeInMiles: 25 }));
        expect((await members.findCovering(PORTLAND, 5)).map(({ memberId }) => memberId)).toEqual([edge.memberId]);
      });

      it('leaves out members whose height limit is below the swarm and keeps those at it', async () => {
        const tall = aMemberAt(northOf(1), { elevationMaximumFeet: 30 });
        const atLimit = aMemberAt(northOf(1.5), { elevationMaximumFeet: 20 });
        await members.insertIfAbsent(aMemberAt(northOf(0.5), { elevationMaximumFeet: 10 }));
        await members.insertIfAbsent(tall);
        await members.insertIfAbsent(atLimit);
        expect((await members.findCovering(PORTLAND, 20)).map(({ memberId }) => memberId)).toEqual([tall.memberId, atLimit.memberId]);
      });

      it('never returns members without a home', async () => {
        await members.insertIfAbsent(aMemberAt(undefined, { rangeInMiles: 25 }));
        expect(await members.findCovering(PORTLAND, 0)).toEqual([]);
      });

      it('finds a member whose home was set by an update and forgets it when the home is removed', async () => {
        const member = aMember();
        await members.insertIfAbsent(member);
        await members.update(member.memberId, { address: 'x', home: northOf(1) });
        expect((await members.findCovering(PORTLAND, 1)).map(({ memberId }) => memberId)).toEqual([member.memberId]);
        await members.update(member.memberId, { address: '', home: undefined });
        expect(await members.findCovering(PORTLAND, 1)).toEqual([]);
      });

      it('finds a member at a new home after a move, and no longer at the old one', async () => {
        const member = aMemberAt(PORTLAND, { rangeInMiles: 10 });
        await members.insertIfAbsent(member);
        const faraway = { latitude: 40.7128, longitude: -74.006 };
        await members.update(member.memberId, { address: 'New York', home: faraway });
        expect(await members.findCovering(PORTLAND, 1)).toEqual([]);
        expect((await members.findCovering(faraway, 1)).map(({ memberId }) => memberId)).toEqual([member.memberId]);
      });

      it('finds exactly the members a look at every member finds, wherever they live and however far they reach, across changes of reach and home', async () => {
        // A seeded sequence, so a failure names the same case again: homes spread over a few towns and places where
        // the grid's edges or the antimeridian fall, with ranges and extra miles from none to the most allowed.
        let seed = 20_261_127;
        const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
        const centres = [PORTLAND, { latitude: 44.5001, longitude: -123.0001 }, { latitude: 0.2, longitude: 179.9 }, { latitude: 64.8, longitude: -147.7 }];
        const near = (centre: GeoPoint, miles: number) => ({
          latitude: Math.max(-89.9, Math.min(89.9, centre.latitude + ((random() - 0.5) * 2 * miles) / 69)),
          longitude: ((centre.longitude + ((random() - 0.5) * 2 * miles) / (69 * Math.cos((centre.latitude * Math.PI) / 180)) + 540) % 360) - 180,
        });
        const everyone: Member[] = [];
        for (let index = 0; index < 48; index += 1) {
          const member = aMemberAt(near(centres[index % centres.length]!, 60), { rangeInMiles: 1 + Math.floor(random() * 25), extraMiles: Math.floor(random() * 26) });
          everyone.push(member);
          await members.insertIfAbsent(member);
        }
        // The members reaching farthest shrink, and some move: what a cell remembers of its reach must follow.
        for (const member of [...everyone].sort((left, right) => right.availability.rangeInMiles - left.availability.rangeInMiles).slice(0, 8)) {
          member.availability.rangeInMiles = 1;
          member.availability.extraMiles = 0;
          await members.update(member.memberId, { availability: { rangeInMiles: 1, extraMiles: 0 } });
        }
        for (const member of everyone.slice(0, 4)) {
          member.home = near(centres[(everyone.indexOf(member) + 1) % centres.length]!, 20);
          await members.update(member.memberId, { address: 'moved', home: member.home });
        }
        for (let query = 0; query < 24; query += 1) {
          const point = near(centres[query % centres.length]!, 60);
          for (const includeWider of [false, true]) {
            const expected = everyone
              .flatMap((member) => {
                const coverage = coverageOf(member, point, 5, includeWider);
                return coverage ? [member.memberId] : [];
              })
              .sort();
            const found = (await members.findCovering(point, 5, { includeWider })).map(({ memberId }) => memberId).sort();
            expect({ point, includeWider, found }).toEqual({ point, includeWider, found: expected });
          }
        }
      });

      it('finds members near a pole, whose search box spans every longitude', async () => {
        const polar = aMember({ address: 'x', home: { latitude: 89.95, longitude: 10 }, availability: { ...defaultAvailability(), rangeInMiles: 25 } });
        await members.insertIfAbsent(polar);
        expect((await members.findCovering({ latitude: 89.95, longitude: -170 }, 1)).map(({ memberId }) => memberId)).toEqual([polar.memberId]);
      });

      describe('with wider coverage (extra miles for unclaimed swarms)', () => {
        it('adds members covering the point only through their extra miles, marked wider, nearest first among all', async () => {
          const regular = aMemberAt(northOf(4), { rangeInMiles: 5, extraMiles: 10 });
          const widerNear = aMemberAt(northOf(3), { rangeInMiles: 2, extraMiles: 2 });
          const widerFar = aMemberAt(northOf(12), { rangeInMiles: 10, extraMiles: 3 });
          const tooFar = aMemberAt(northOf(14), { rangeInMiles: 10, extraMiles: 3 });
          const extraOff = aMemberAt(northOf(6), { rangeInMiles: 5 });
          for (const member of [widerFar, regular, tooFar, extraOff, widerNear]) await members.insertIfAbsent(member);

          const covering = await members.findCovering(PORTLAND, 5, { includeWider: true });
          expect(covering.map(({ memberId, wider }) => [memberId, wider])).toEqual([
            [widerNear.memberId, true],
            [regular.memberId, false],
            [widerFar.memberId, true],
          ]);
          expect(covering[2]?.distanceMiles).toBeCloseTo(12, 2);
          expect(covering[2]?.memberId).toBe(widerFar.memberId);
        });

        it('answers as before without it: only members within their own range', async () => {
          const regular = aMemberAt(northOf(4), { rangeInMiles: 5, extraMiles: 10 });
          await members.insertIfAbsent(regular);
          await members.insertIfAbsent(aMemberAt(northOf(12), { rangeInMiles: 10, extraMiles: 3 }));
          const expected = [[regular.memberId, false]];
          expect((await members.findCovering(PORTLAND, 5)).map(({ memberId, wider }) => [memberId, wider])).toEqual(expected);
          expect((await members.findCovering(PORTLAND, 5, { includeWider: false })).map(({ memberId, wider }) => [memberId, wider])).toEqual(expected);
        });

        it('reaches a member at the edge of a 25-mile range plus 25 extra miles and leaves out one just beyond', async () => {
          const edge = aMemberAt(northOf(49.99), { rangeInMiles: 25, extraMiles: 25 });
          await members.insertIfAbsent(edge);
          await members.insertIfAbsent(aMemberAt(northOf(50.05), { rangeInMiles: 25, extraMiles: 25 }));
          const covering = await members.findCovering(PORTLAND, 5, { includeWider: true });
          expect(covering.map(({ memberId, wider }) => [memberId, wider])).toEqual([[edge.memberId, true]]);
        });

        it('applies the height limit to wider coverage too', async () => {
          const tall = aMemberAt(northOf(8), { rangeInMiles: 5, extraMiles: 5, elevationMaximumFeet: 30 });
          await members.insertIfAbsent(tall);
          await members.insertIfAbsent(aMemberAt(northOf(7), { rangeInMiles: 5, extraMiles: 5, elevationMaximumFeet: 10 }));
          expect((await members.findCovering(PORTLAND, 20, { includeWider: true })).map(({ memberId }) => memberId)).toEqual([tall.memberId]);
        });

        it('finds a member by the extra miles an update set, and no longer once they are set back to 0', async () => {
          const member = aMemberAt(northOf(8), { rangeInMiles: 5 });
          await members.insertIfAbsent(member);
          expect(await members.findCovering(PORTLAND, 5, { includeWider: true })).toEqual([]);
          await members.update(member.memberId, { availability: { extraMiles: 4 } });
          expect((await members.findCovering(PORTLAND, 5, { includeWider: true })).map(({ memberId }) => memberId)).toEqual([member.memberId]);
          await members.update(member.memberId, { availability: { extraMiles: 0 } });
          expect(await members.findCovering(PORTLAND, 5, { includeWider: true })).toEqual([]);
        });
      });

      it('measures across the antimeridian the short way', async () => {
        const east = aMember({ address: 'x', home: { latitude: 0, longitude: 179.99 }, availability: { ...defaultAvailability(), rangeInMiles: 5 } });
        await members.insertIfAbsent(east);
        const covering = await members.findCovering({ latitude: 0, longitude: -179.99 }, 1);
        expect(covering.map(({ memberId }) => memberId)).toEqual([east.memberId]);
        expect(covering[0]?.distanceMiles).toBeCloseTo(1.38, 1);
      });
    });
  });
}

/** How every MemberRepository adapter announces changes; `create` gives a fresh repository and the outbox it writes to. */
export function memberChangeContract(name: string, create: () => Promise<{ members: MemberRepository; outbox: OutboxStore }>): void {
  describe(`MemberRepository changes and member.changed: ${name}`, () => {
    let members: MemberRepository;
    let outbox: OutboxStore;
    beforeEach(async () => {
      ({ members, outbox } = await create());
    });
    const announced = async () =>
      (await outbox.pending(1_000)).filter((message) => message.type === MemberChangedEvent.type).map((message) => MemberChangedEvent.decode(message));

    it('raises the version with each change and announces each in the outbox with the version', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      expect(await members.findVersioned([member.memberId])).toEqual([{ member, version: 0 }]);
      await members.update(member.memberId, { phoneNumber: '5035550100' });
      await members.update(member.memberId, { availability: { doNotDisturb: true } });
      await members.update(member.memberId, { availability: { extraMiles: 10 } });
      const [found] = await members.findVersioned([member.memberId]);
      expect(found?.version).toBe(3);
      expect(found?.member.availability).toMatchObject({ doNotDisturb: true, extraMiles: 10 });
      expect((await announced()).map(({ memberId, version }) => [memberId, version])).toEqual([
        [member.memberId, 1],
        [member.memberId, 2],
        [member.memberId, 3],
      ]);
    });

    it('announces nothing for a patch that sets nothing, or for an unknown member', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      await members.update(member.memberId, {});
      await members.update('unknown', { name: 'Nobody' });
      expect(await announced()).toEqual([]);
      expect((await members.findVersioned([member.memberId]))[0]?.version).toBe(0);
    });

    it('keeps both of two concurrent changes of one member, each with its own version and announcement', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      await Promise.all([members.update(member.memberId, { name: 'Ada' }), members.update(member.memberId, { phoneNumber: '5035550100' })]);
      const [found] = await members.findVersioned([member.memberId]);
      expect([found?.member.name, found?.member.phoneNumber, found?.version]).toEqual(['Ada', '5035550100', 2]);
      expect((await announced()).map(({ version }) => version).sort()).toEqual([1, 2]);
    });

    it('raises the version and announces each change of channels or devices, and a device moving for both members', async () => {
      const [ada, grace] = [aMember(), aMember()];
      await members.insertIfAbsent(ada);
      await members.insertIfAbsent(grace);
      const device = aDevice();
      await members.update(ada.memberId, { alertChannels: { sms: true, push: true, email: false } });
      await members.addPushDevice(ada.memberId, device);
      await members.addPushDevice(ada.memberId, aDevice({ endpoint: device.endpoint, name: 'Renamed' }));
      const other = aDevice();
      await members.addPushDevice(ada.memberId, other);
      await members.removePushDevice(ada.memberId, other.deviceId);
      // Moving to Grace changes both; the push service's 'gone' then changes Grace.
      await members.addPushDevice(grace.memberId, aDevice({ endpoint: device.endpoint }));
      await members.removePushEndpoint(device.endpoint);
      const versions = new Map((await members.findVersioned([ada.memberId, grace.memberId])).map(({ member, version }) => [member.memberId, version]));
      expect([versions.get(ada.memberId), versions.get(grace.memberId)]).toEqual([6, 2]);
      const events = (await announced()).map(({ memberId, version }) => `${memberId === ada.memberId ? 'ada' : 'grace'}@${version}`);
      expect(events.sort()).toEqual(['ada@1', 'ada@2', 'ada@3', 'ada@4', 'ada@5', 'ada@6', 'grace@1', 'grace@2'].sort());
    });

    it('announces nothing for a device change that changes nothing', async () => {
      const member = aMember();
      await members.insertIfAbsent(member);
      await members.addPushDevice(member.memberId, aDevice());
      for (let index = 1; index < MAX_PUSH_DEVICES; index += 1) await members.addPushDevice(member.memberId, aDevice());
      const before = (await announced()).length;
      await members.addPushDevice(member.memberId, aDevice());
      await members.removePushDevice(member.memberId, 'unknown-device');
      await members.removePushEndpoint('https://push.example.org/unknown');
      expect((await announced()).length).toBe(before);
      expect((await members.findVersioned([member.memberId]))[0]?.version).toBe(MAX_PUSH_DEVICES);
    });

    describe('erasing a member (account deleted)', () => {
      const deletions = async () =>
        (await outbox.pending(1_000)).filter((message) => message.type === MemberDeletedEvent.type).map((message) => MemberDeletedEvent.decode(message).memberId);
      const PORTLAND_HOME = { latitude: 45.5152, longitude: -122.6784 };

      it('keeps nothing findable of the member and announces member.deleted once, in the same write', async () => {
        const member = aMember({ name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA', home: PORTLAND_HOME });
        const kept = aMember({ phoneNumber: '5035550199', address: 'x', home: PORTLAND_HOME });
        await members.insertIfAbsent(member);
        await members.insertIfAbsent(kept);
        await members.addPushDevice(member.memberId, aDevice());
        expect(await members.erase(member.memberId)).toBe(true);
        expect(await members.findById(member.memberId)).toBeUndefined();
        expect(await members.findByEmail(member.email)).toBeUndefined();
        expect(await members.findByPhone('5035550100')).toBeUndefined();
        expect(await members.findVersioned([member.memberId])).toEqual([]);
        expect((await members.findCovering(PORTLAND_HOME, 1)).map(({ memberId }) => memberId)).toEqual([kept.memberId]);
        expect(await deletions()).toEqual([member.memberId]);
        expect(await members.findById(kept.memberId)).toEqual(kept);
      });

      it('answers false and announces nothing for an unknown or an already erased member', async () => {
        const member = aMember();
        await members.insertIfAbsent(member);
        expect(await members.erase('unknown')).toBe(false);
        expect(await members.erase(member.memberId)).toBe(true);
        expect(await members.erase(member.memberId)).toBe(false);
        expect(await deletions()).toEqual([member.memberId]);
      });

      it('changes nothing of an erased member afterwards', async () => {
        const member = aMember();
        await members.insertIfAbsent(member);
        await members.erase(member.memberId);
        const before = (await announced()).length;
        expect(await members.update(member.memberId, { name: 'Ada Lovelace' })).toBeUndefined();
        expect(await members.addPushDevice(member.memberId, aDevice())).toEqual({ kind: 'member-not-found' });
        expect(await members.removePushDevice(member.memberId, 'device-1')).toBe('member-not-found');
        expect(await members.findById(member.memberId)).toBeUndefined();
        expect((await announced()).length).toBe(before);
      });

      it('lets the email log in again as a new member, and two erased members coexist', async () => {
        const [first, second] = [aMember(), aMember()];
        await members.insertIfAbsent(first);
        await members.insertIfAbsent(second);
        expect(await members.erase(first.memberId)).toBe(true);
        expect(await members.erase(second.memberId)).toBe(true);
        const again = aMember({ email: first.email });
        expect(await members.insertIfAbsent(again)).toEqual({ member: again, created: true });
        expect((await members.findByEmail(first.email))?.memberId).toBe(again.memberId);
      });

      it("frees the erased member's push endpoints for whoever subscribes with them next", async () => {
        const [ada, grace] = [aMember(), aMember()];
        await members.insertIfAbsent(ada);
        await members.insertIfAbsent(grace);
        const device = aDevice();
        await members.addPushDevice(ada.memberId, device);
        await members.erase(ada.memberId);
        expect(await members.removePushEndpoint(device.endpoint)).toBe(false);
        const moved = aDevice({ endpoint: device.endpoint });
        expect(await members.addPushDevice(grace.memberId, moved)).toEqual({ kind: 'added', device: moved });
        expect((await members.findById(grace.memberId))?.pushDevices).toEqual([moved]);
      });
    });

    it('finds many members with their versions at once, leaving out unknown ids', async () => {
      const [first, second] = [aMember(), aMember()];
      await members.insertIfAbsent(first!);
      await members.insertIfAbsent(second!);
      await members.update(second!.memberId, { name: 'Grace' });
      const found = await members.findVersioned([first!.memberId, second!.memberId, 'unknown']);
      expect(found.map(({ member, version }) => [member.memberId, version]).sort()).toEqual(
        [
          [first!.memberId, 0],
          [second!.memberId, 1],
        ].sort(),
      );
    });
  });
}
