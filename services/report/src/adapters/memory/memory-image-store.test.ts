import { imageStoreContract } from '../image-store.contract.js';
import { MemoryImageStore } from './memory-image-store.js';

imageStoreContract('in-memory', async () => new MemoryImageStore());
