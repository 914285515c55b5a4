import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';

/**
 * What a browser does with a push message: decrypt the `aes128gcm` body (RFC 8188) with the keys derived for Web Push
 * (RFC 8291 §3.3, §3.4) from its subscription's private key and auth secret. Written for the local push service, so
 * tests read what an application server really sent; any fault in the sender's derivation shows up as a failed
 * authentication tag here.
 */
export type UserAgentKeys = {
  /** The subscription's P-256 private key: the 32-octet scalar. */
  privateKey: Buffer;
  /** The 16-octet auth secret the browser shared in `keys.auth`. */
  authSecret: Buffer;
};

export type DecryptedPushMessage = { plaintext: Buffer; recordSize: number; records: number; senderPublicKey: Buffer };

export class PushDecryptionError extends Error {
  override readonly name = 'PushDecryptionError';
}

const SALT_LENGTH = 16;
const TAG_LENGTH = 16;
const UNCOMPRESSED_POINT_LENGTH = 65;
/** salt, rs (uint32) and idlen (uint8) before the key id. */
const FIXED_HEADER_LENGTH = SALT_LENGTH + 4 + 1;
const LAST_RECORD_DELIMITER = 0x02;
const OTHER_RECORD_DELIMITER = 0x01;

export function decryptPushMessage(body: Buffer, keys: UserAgentKeys): DecryptedPushMessage {
  if (body.length < FIXED_HEADER_LENGTH) throw new PushDecryptionError('the body is shorter than the aes128gcm header');
  const salt = body.subarray(0, SALT_LENGTH);
  const recordSize = body.readUInt32BE(SALT_LENGTH);
  const keyIdLength = body[SALT_LENGTH + 4] ?? 0;
  // RFC 8188 §2: a record holds at least one octet of plaintext (the delimiter) and the 16-octet tag.
  if (recordSize < TAG_LENGTH + 2) throw new PushDecryptionError(`the record size ${recordSize} is below the minimum of 18`);
  // RFC 8291 §4: the key id is the application server's ephemeral public key, uncompressed.
  if (keyIdLength !== UNCOMPRESSED_POINT_LENGTH) throw new PushDecryptionError(`the key id is ${keyIdLength} octets, not the 65 of an uncompressed P-256 key`);
  const senderPublicKey = body.subarray(FIXED_HEADER_LENGTH, FIXED_HEADER_LENGTH + keyIdLength);
  if (senderPublicKey.length !== keyIdLength) throw new PushDecryptionError('the body ends inside the key id');
  const ciphertext = body.subarray(FIXED_HEADER_LENGTH + keyIdLength);
  if (ciphertext.length === 0) throw new PushDecryptionError('the body holds no record');

  const { contentKey, nonceBase } = deriveKeys(salt, senderPublicKey, keys);
  const records: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const isLast = offset + recordSize >= ciphertext.length;
    records.push(decryptRecord(record, contentKey, recordNonce(nonceBase, sequence), isLast, sequence));
  }
  return { plaintext: Buffer.concat(records), recordSize, records: records.length, senderPublicKey: Buffer.from(senderPublicKey) };
}

function deriveKeys(salt: Buffer, senderPublicKey: Buffer, keys: UserAgentKeys) {
  const userAgent = createECDH('prime256v1');
  userAgent.setPrivateKey(keys.privateKey);
  let sharedSecret: Buffer;
  try {
    sharedSecret = userAgent.computeSecret(senderPublicKey);
  } catch {
    throw new PushDecryptionError('the key id is not a point on P-256');
  }
  // RFC 8291 §3.3: the auth secret salts the ECDH secret; the info binds both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0', 'ascii'), userAgent.getPublicKey(), senderPublicKey]);
  const inputKeyingMaterial = hkdf(keys.authSecret, sharedSecret, keyInfo, 32);
  // RFC 8188 §2.2 and §2.3.
  return {
    contentKey: hkdf(salt, inputKeyingMaterial, Buffer.from('Content-Encoding: aes128gcm\0', 'ascii'), 16),
    nonceBase: hkdf(salt, inputKeyingMaterial, Buffer.from('Content-Encoding: nonce\0', 'ascii'), 12),
  };
}

const hkdf = (salt: Buffer, inputKeyingMaterial: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', inputKeyingMaterial, salt, info, length));

/** The base nonce XOR the record's sequence number as a 96-bit big-endian integer (RFC 8188 §2.3). */
function recordNonce(nonceBase: Buffer, sequence: number): Buffer {
  const value = BigInt(`0x${nonceBase.toString('hex')}`) ^ BigInt(sequence);
  return Buffer.from(value.toString(16).padStart(24, '0'), 'hex');
}

function decryptRecord(record: Buffer, contentKey: Buffer, nonce: Buffer, isLast: boolean, sequence: number): Buffer {
  if (record.length < TAG_LENGTH + 1) throw new PushDecryptionError(`record ${sequence} is too short to hold a tag and a delimiter`);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_LENGTH)), decipher.final()]);
  } catch {
    throw new PushDecryptionError(`record ${sequence} does not authenticate: wrong keys, or the body was altered`);
  }
  // RFC 8188 §2: the plaintext, one delimiter octet, then any number of zero octets.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0) throw new PushDecryptionError(`record ${sequence} holds no delimiter`);
  const delimiter = padded[end];
  const expected = isLast ? LAST_RECORD_DELIMITER : OTHER_RECORD_DELIMITER;
  if (delimiter !== expected) {
    throw new PushDecryptionError(
      isLast ? `the last record ends with delimiter ${delimiter}, not 2: the message was truncated` : `record ${sequence} ends with delimiter ${delimiter}, not 1`,
    );
  }
  return padded.subarray(0, end);
}
