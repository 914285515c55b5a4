import { loginTokenRepositoryContract } from '../login-token-repository.contract.js';
import { MemoryLoginTokenRepository } from './memory-login-token-repository.js';

loginTokenRepositoryContract('in-memory', async () => new MemoryLoginTokenRepository());
