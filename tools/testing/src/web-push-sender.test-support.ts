import { createCipheriv, createECDH, generateKeyPairSync, hkdfSync, randomBytes, sign } from 'node:crypto';
import { request } from 'node:https';

/**
 * The application server's side of Web Push, as small as the tests of the local push service need: encryption with
 * chosen record size, padding and split (to reach the decryptor's edge cases), and VAPID tokens with chosen claims.
 * The notification service sends through the web-push library; this exists only so these tests need no other sender.
 */
export function encryptForTest(
  plaintext: Buffer,
  subscriptionKeys: { p256dh: string; auth: string },
  options: { recordSize?: number; padding?: number; salt?: Buffer; senderPrivateKey?: Buffer } = {},
): Buffer {
  const { recordSize = 4096, padding = 0, salt = randomBytes(16) } = options;
  const sender = createECDH('prime256v1');
  if (options.senderPrivateKey) sender.setPrivateKey(options.senderPrivateKey);
  else sender.generateKeys();
  const userAgentPublicKey = Buffer.from(subscriptionKeys.p256dh, 'base64url');
  const senderPublicKey = sender.getPublicKey();
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentPublicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sender.computeSecret(userAgentPublicKey), Buffer.from(subscriptionKeys.auth, 'base64url'), info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonceBase = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  // Each record carries up to recordSize - 17 octets of plaintext; padding goes into the last one.
  const perRecord = recordSize - 17;
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < plaintext.length || chunks.length === 0; offset += perRecord) chunks.push(plaintext.subarray(offset, offset + perRecord));
  const records = chunks.map((chunk, sequence) => {
    const isLast = sequence === chunks.length - 1;
    const nonce = Buffer.from(nonceBase);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const cipher = createCipheriv('aes-128-gcm', key, nonce);
    const padded = Buffer.concat([chunk, Buffer.from([isLast ? 2 : 1]), Buffer.alloc(isLast ? padding : 0)]);
    return Buffer.concat([cipher.update(padded), cipher.final(), cipher.getAuthTag()]);
  });
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(recordSize, 16);
  header[20] = senderPublicKey.length;
  return Buffer.concat([header, senderPublicKey, ...records]);
}

export type TestVapidKey = { publicKey: string; sign: (data: Buffer) => Buffer };

export function testVapidKey(): TestVapidKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { publicKey: point.toString('base64url'), sign: (data) => sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }) };
}

export function vapidAuthorization(
  key: TestVapidKey,
  claims: Record<string, unknown>,
  options: { header?: Record<string, unknown>; k?: string } = {},
): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode(options.header ?? { typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  return `vapid t=${signingInput}.${key.sign(Buffer.from(signingInput)).toString('base64url')}, k=${options.k ?? key.publicKey}`;
}

/** Posts to a push endpoint of the local push service, trusting its certificate. */
export function postPush(
  endpoint: string,
  certificate: string,
  headers: Record<string, string>,
  body: Buffer = Buffer.alloc(0),
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(endpoint, { method: 'POST', ca: certificate, headers: { 'content-length': String(body.length), ...headers } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString() }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
