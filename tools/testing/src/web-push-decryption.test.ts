import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPushMessage, PushDecryptionError } from './web-push-decryption.js';
import { encryptForTest } from './web-push-sender.test-support.js';

/** RFC 8291 Appendix A: the user agent's keys and the message an application server sent it. */
const RFC_8291_EXAMPLE = {
  userAgentPrivateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  userAgentPublicKey: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  senderPrivateKey: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  plaintext: 'When I grow up, I want to be a watermelon',
};

const exampleKeys = {
  privateKey: Buffer.from(RFC_8291_EXAMPLE.userAgentPrivateKey, 'base64url'),
  authSecret: Buffer.from(RFC_8291_EXAMPLE.authSecret, 'base64url'),
};
const exampleSubscriptionKeys = { p256dh: RFC_8291_EXAMPLE.userAgentPublicKey, auth: RFC_8291_EXAMPLE.authSecret };
const exampleBody = () => Buffer.from(RFC_8291_EXAMPLE.body, 'base64url');

describe('decryptPushMessage (RFC 8291 over RFC 8188 aes128gcm)', () => {
  it('decrypts the example message of RFC 8291 Appendix A', () => {
    const message = decryptPushMessage(exampleBody(), exampleKeys);

    expect(message.plaintext.toString()).toBe(RFC_8291_EXAMPLE.plaintext);
    expect(message.recordSize).toBe(4096);
    expect(message.records).toBe(1);
  });

  it('reads what the test encryptor writes with the example keys and salt, octet for octet the RFC body', () => {
    // Pins the test encryptor to the RFC too, so the edge cases below are built on a sound sender.
    const body = encryptForTest(Buffer.from(RFC_8291_EXAMPLE.plaintext), exampleSubscriptionKeys, {
      salt: Buffer.from(RFC_8291_EXAMPLE.salt, 'base64url'),
      senderPrivateKey: Buffer.from(RFC_8291_EXAMPLE.senderPrivateKey, 'base64url'),
    });
    expect(body.toString('base64url')).toBe(RFC_8291_EXAMPLE.body);
  });

  it('strips padding after the delimiter and joins several records in order', () => {
    const plaintext = Buffer.from('x'.repeat(100) + 'y'.repeat(100));
    const body = encryptForTest(plaintext, exampleSubscriptionKeys, { recordSize: 64, padding: 30 });

    const message = decryptPushMessage(body, exampleKeys);

    expect(message.plaintext.equals(plaintext)).toBe(true);
    expect(message.records).toBe(5);
  });

  it('refuses a message whose last record was cut off', () => {
    const body = encryptForTest(Buffer.from('z'.repeat(100)), exampleSubscriptionKeys, { recordSize: 64 });
    const headerLength = 86;
    const recordCount = Math.ceil((body.length - headerLength) / 64);
    const truncated = body.subarray(0, headerLength + (recordCount - 1) * 64);

    expect(() => decryptPushMessage(truncated, exampleKeys)).toThrow(/truncated/);
  });

  it('refuses a body altered in transit', () => {
    const altered = exampleBody();
    altered[altered.length - 20]! ^= 0x01;

    expect(() => decryptPushMessage(altered, exampleKeys)).toThrow(/does not authenticate/);
  });

  it('refuses to decrypt with another subscription’s auth secret or private key', () => {
    const otherUserAgent = createECDH('prime256v1');
    otherUserAgent.generateKeys();

    expect(() => decryptPushMessage(exampleBody(), { ...exampleKeys, authSecret: Buffer.alloc(16, 7) })).toThrow(/does not authenticate/);
    expect(() => decryptPushMessage(exampleBody(), { ...exampleKeys, privateKey: otherUserAgent.getPrivateKey() })).toThrow(/does not authenticate/);
  });

  it.each([
    ['a body shorter than the header', () => exampleBody().subarray(0, 10), /shorter than the aes128gcm header/],
    ['a record size below 18', () => withOctets(exampleBody(), 16, [0, 0, 0, 17]), /record size 17/],
    ['a key id that is not 65 octets', () => withOctets(exampleBody(), 20, [64]), /key id is 64 octets/],
    ['a key id that is not a P-256 point', () => withOctets(exampleBody(), 22, [0x00, 0x01]), /not a point on P-256/],
    ['a header without records', () => exampleBody().subarray(0, 86), /holds no record/],
  ])('refuses %s', (_name, body, message) => {
    const error = captureError(() => decryptPushMessage(body(), exampleKeys));
    expect(error).toBeInstanceOf(PushDecryptionError);
    expect(error?.message).toMatch(message);
  });
});

function withOctets(body: Buffer, offset: number, octets: number[]): Buffer {
  const copy = Buffer.from(body);
  Buffer.from(octets).copy(copy, offset);
  return copy;
}

function captureError(action: () => unknown): Error | undefined {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  return undefined;
}
