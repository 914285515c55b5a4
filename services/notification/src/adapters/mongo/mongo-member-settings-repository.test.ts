import { mongoSuite } from '@swarm/testing';
import { memberSettingsRepositoryContract } from '../member-settings-repository.contract.js';
import { MongoMemberSettingsRepository } from './mongo-member-settings-repository.js';

mongoSuite('MemberSettingsRepository contract: MongoDB', (newDatabase, target) => {
  memberSettingsRepositoryContract(target.tier, async () => new MongoMemberSettingsRepository((await newDatabase()).db));
});
