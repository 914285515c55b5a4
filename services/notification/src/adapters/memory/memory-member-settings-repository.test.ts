import { memberSettingsRepositoryContract } from '../member-settings-repository.contract.js';
import { MemoryMemberSettingsRepository } from './memory-member-settings-repository.js';

memberSettingsRepositoryContract('in-memory', async () => new MemoryMemberSettingsRepository());
