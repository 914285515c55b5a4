import { claimTokenUseRepositoryContract } from '../claim-token-use-repository.contract.js';
import { MemoryClaimTokenUseRepository } from './memory-claim-token-use-repository.js';

claimTokenUseRepositoryContract('memory', async () => new MemoryClaimTokenUseRepository());
