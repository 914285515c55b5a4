import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature: base64 of HMAC-SHA1, keyed with the account's auth token, over the exact URL Twilio
 * called followed by every POST parameter sorted by name, each as name then value (a repeated name: its values
 * sorted). See https://www.twilio.com/docs/usage/security#validating-requests.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  let data = url;
  const names = [...new Set(params.keys())].sort();
  for (const name of names) {
    for (const value of params.getAll(name).sort()) data += name + value;
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether the signature header is the one Twilio computes for this request, compared in constant time. */
export function isValidTwilioSignature(authToken: string, url: string, params: URLSearchParams, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  // timingSafeEqual needs equal lengths; the length of a base64 SHA-1 is public anyway.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
