import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateWebPushKeys, webPushKeysForRun } from './web-push-keys.js';

describe('the VAPID key pair of a run', () => {
  it('is a P-256 pair encoded as web-push takes it: the 65-octet uncompressed public point and the 32-octet scalar', () => {
    for (let run = 0; run < 20; run += 1) {
      const keys = generateWebPushKeys();
      const publicKey = Buffer.from(keys.WEB_PUSH_PUBLIC_KEY, 'base64url');
      const privateKey = Buffer.from(keys.WEB_PUSH_PRIVATE_KEY, 'base64url');
      expect([publicKey.length, publicKey[0], privateKey.length]).toEqual([65, 0x04, 32]);
      expect(keys.WEB_PUSH_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(keys.WEB_PUSH_PRIVATE_KEY).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // The public key is the private one's: what the notification service signs, browsers can verify.
      const derived = createECDH('prime256v1');
      derived.setPrivateKey(privateKey);
      expect(derived.getPublicKey().toString('base64url')).toBe(keys.WEB_PUSH_PUBLIC_KEY);
    }
  });

  it('is a new pair each time', () => {
    expect(generateWebPushKeys().WEB_PUSH_PRIVATE_KEY).not.toBe(generateWebPushKeys().WEB_PUSH_PRIVATE_KEY);
  });

  it('is generated only when neither key is set', () => {
    expect(webPushKeysForRun({})).toBeDefined();
    expect(webPushKeysForRun({ WEB_PUSH_PUBLIC_KEY: '', WEB_PUSH_PRIVATE_KEY: ' ' })).toBeDefined();
    expect(webPushKeysForRun({ WEB_PUSH_PUBLIC_KEY: 'chosen' })).toBeUndefined();
    expect(webPushKeysForRun({ WEB_PUSH_PRIVATE_KEY: 'chosen' })).toBeUndefined();
  });
});
