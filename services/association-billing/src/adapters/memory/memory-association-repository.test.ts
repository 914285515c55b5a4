import { associationRepositoryContract } from '../association-repository.contract.js';
import { MemoryAssociationRepository } from './memory-association-repository.js';

associationRepositoryContract('in-memory', async () => new MemoryAssociationRepository());
