import { createHash, randomBytes } from 'node:crypto';
import type { TokenSecrets } from '../../app/ports.js';

/** 256 bits from the system's secure random source, URL-safe; SHA-256 as the stored one-way hash. */
export const nodeTokenSecrets: TokenSecrets = {
  newToken: () => randomBytes(32).toString('base64url'),
  hash: (token) => createHash('sha256').update(token, 'utf8').digest('hex'),
};
