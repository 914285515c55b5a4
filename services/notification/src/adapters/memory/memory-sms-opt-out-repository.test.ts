import { smsOptOutRepositoryContract } from '../sms-opt-out-repository.contract.js';
import { MemorySmsOptOutRepository } from './memory-sms-opt-out-repository.js';

smsOptOutRepositoryContract('in-memory', async () => new MemorySmsOptOutRepository());
