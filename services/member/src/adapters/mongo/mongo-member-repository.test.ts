import { MongoOutbox, RecoveringOutbox } from '@swarm/runtime/mongo';
import { mongoSuite } from '@swarm/testing';
import { expect, it } from 'vitest';
import { aDevice, aMember, memberChangeContract, memberRepositoryContract } from '../member-repository.contract.js';
import { MongoMemberRepository } from './mongo-member-repository.js';

mongoSuite('MemberRepository contract: MongoDB', (newDatabase, target) => {
  memberRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const members = new MongoMemberRepository(db, new MongoOutbox(db));
    await members.ensureIndexes();
    return members;
  });

  memberChangeContract(target.tier, async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const members = new MongoMemberRepository(db, outbox);
    await members.ensureIndexes();
    // The relay's view: events parked on members are moved to the outbox before it is read.
    return { members, outbox: new RecoveringOutbox(outbox, [members]) };
  });

  it('moves homes stored as GeoJSON by earlier versions to plain degrees, so they are found again', async () => {
    const { db } = await newDatabase();
    const collection = db.collection('members');
    const member = aMember({ address: 'x', home: { latitude: 45.5152, longitude: -122.6784 } });
    const members = new MongoMemberRepository(db, new MongoOutbox(db));
    await members.insertIfAbsent(member);
    await collection.updateOne({ _id: member.memberId as never }, { $set: { home: { type: 'Point', coordinates: [-122.6784, 45.5152] } } });
    await members.ensureIndexes();
    expect((await members.findById(member.memberId))?.home).toEqual({ latitude: 45.5152, longitude: -122.6784 });
    expect((await members.findCovering({ latitude: 45.5152, longitude: -122.6784 }, 1)).map(({ memberId }) => memberId)).toEqual([member.memberId]);
  });

  it('reads a member stored before extra miles existed as having none, and can set them', async () => {
    const { db } = await newDatabase();
    const members = new MongoMemberRepository(db, new MongoOutbox(db));
    await members.ensureIndexes();
    const member = aMember({ address: 'x', home: { latitude: 45.5152 + 7 / 69.0934, longitude: -122.6784 } });
    await members.insertIfAbsent(member);
    await db.collection('members').updateOne({ _id: member.memberId as never }, { $unset: { 'availability.extraMiles': '' } });
    expect((await members.findById(member.memberId))?.availability.extraMiles).toBe(0);
    const portland = { latitude: 45.5152, longitude: -122.6784 };
    expect(await members.findCovering(portland, 1, { includeWider: true })).toEqual([]);
    await members.update(member.memberId, { availability: { extraMiles: 3 } });
    expect((await members.findCovering(portland, 1, { includeWider: true })).map(({ wider }) => wider)).toEqual([true]);
  });

  it('reads a member stored before alert channels and devices existed as having chosen none and holding none', async () => {
    const { db } = await newDatabase();
    const members = new MongoMemberRepository(db, new MongoOutbox(db));
    await members.ensureIndexes();
    const member = aMember();
    await members.insertIfAbsent(member);
    await db.collection('members').updateOne({ _id: member.memberId as never }, { $unset: { alertChannels: '', pushDevices: '' } });
    expect(await members.findById(member.memberId)).toMatchObject({ alertChannels: undefined, pushDevices: [] });
    const device = aDevice();
    expect(await members.addPushDevice(member.memberId, device)).toEqual({ kind: 'added', device });
    expect((await members.findById(member.memberId))?.pushDevices).toEqual([device]);
  });
}, {
  allowedScans: { 'members by {home.type}': 'the one-time move of homes stored as GeoJSON, once per start, before the service serves' },
});
