import { activationCodeRepositoryContract } from '../activation-code-repository.contract.js';
import { MemoryActivationCodeRepository } from './memory-activation-code-repository.js';

activationCodeRepositoryContract('in-memory', async () => new MemoryActivationCodeRepository());
