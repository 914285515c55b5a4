import { mongoSuite } from '@swarm/testing';
import { smsOptOutRepositoryContract } from '../sms-opt-out-repository.contract.js';
import { MongoSmsOptOutRepository } from './mongo-sms-opt-out-repository.js';

mongoSuite('SmsOptOutRepository contract: MongoDB', (newDatabase, target) => {
  smsOptOutRepositoryContract(target.tier, async () => new MongoSmsOptOutRepository((await newDatabase()).db));
});
