import { generateKeyPairSync } from 'node:crypto';

/** A VAPID key pair as web-push takes it (and `web-push generate-vapid-keys` prints it). */
export type WebPushKeys = {
  /** base64url of the 65-octet uncompressed P-256 point: browsers subscribe with it, the gateway serves it. */
  WEB_PUSH_PUBLIC_KEY: string;
  /** base64url of the 32-octet private scalar: the notification service signs its pushes with it. */
  WEB_PUSH_PRIVATE_KEY: string;
};

const unset = (value: string | undefined) => value === undefined || value.trim() === '';

/** A fresh P-256 key pair, encoded as web-push's generateVAPIDKeys encodes one. */
export function generateWebPushKeys(): WebPushKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const { x, y, d } = privateKey.export({ format: 'jwk' });
  if (!x || !y || !d) throw new Error('the P-256 key pair came without its coordinates');
  const octets = (value: string) => Buffer.from(value, 'base64url').toString('hex').padStart(64, '0');
  return {
    WEB_PUSH_PUBLIC_KEY: Buffer.from(`04${octets(x)}${octets(y)}`, 'hex').toString('base64url'),
    WEB_PUSH_PRIVATE_KEY: Buffer.from(octets(d), 'hex').toString('base64url'),
  };
}

/**
 * A key pair for this run when the environment sets neither key, so push works out of the box on one machine; the
 * gateway and the notification service must be given the same pair. Undefined when either key is set: what the
 * operator chose (a pair, or half of one) is left as it is.
 */
export function webPushKeysForRun(env: Readonly<Record<string, string | undefined>>): WebPushKeys | undefined {
  if (!unset(env.WEB_PUSH_PUBLIC_KEY) || !unset(env.WEB_PUSH_PRIVATE_KEY)) return undefined;
  return generateWebPushKeys();
}

export const GENERATED_KEYS_MESSAGE =
  'WEB_PUSH_PUBLIC_KEY and WEB_PUSH_PRIVATE_KEY are not set: generated a VAPID key pair for this run; push subscriptions made with it stop working when the product restarts (set both to keep them)';
