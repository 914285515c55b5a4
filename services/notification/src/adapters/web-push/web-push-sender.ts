import { request as httpsRequest, type Agent } from 'node:https';
import { NOT_PUBLIC } from './public-address-lookup.js';
import { encryptionOnThisThread, type EncryptedPushRequest, type PushEncryption } from './push-encryption.js';
import webpush, { type WebPushError } from 'web-push';
import { PushServiceUnavailable, type PushOptions, type PushOutcome, type PushSender, type PushSubscription, type PushUrgency } from '../../app/ports/push.js';
import { PUSH_PAYLOAD_MAX_OCTETS, type PushPayload } from '../../domain/push-payload.js';

/** The application server's VAPID identity (RFC 8292): a P-256 key pair, base64url, and a contact for the push services. */
export type VapidDetails = {
  /** mailto: or https: (Apple's push service refuses a token without one). */
  subject: string;
  publicKey: string;
  privateKey: string;
};

export type WebPushSenderOptions = {
  vapid: VapidDetails;
  /** How long the connection to the push service may stay silent, connecting included, before the send fails. */
  timeoutMs?: number;
  /** The HTTPS agent: connection reuse, or the local push service's certificate trusted in tests. */
  agent?: Agent;
  /** Milliseconds since the epoch; tests pass their own to age the cached VAPID tokens. */
  now?: () => number;
  /** Where payloads are encrypted: on this thread unless given (the composition gives a worker thread). */
  encryption?: PushEncryption;
};

const DEFAULT_TIMEOUT_MS = 10_000;
const URGENCIES: readonly PushUrgency[] = ['very-low', 'low', 'normal', 'high'];
const REASON_MAX_LENGTH = 200;
/** A VAPID token is valid this long (push services refuse one that expires more than 24 h ahead, RFC 8292 §2)… */
const VAPID_TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** …and is signed anew once less than this is left, so none reaches a push service about to expire. */
const VAPID_TOKEN_RENEW_SECONDS = 60 * 60;

/**
 * Sends push messages with the web-push library's VAPID signing and payload encryption (aes128gcm, RFC 8291), the
 * encryption where `encryption` puts it, and turns the push service's answer into the port's outcome.
 */
export class WebPushSender implements PushSender {
  /** The Authorization header per push service origin: signing (ECDSA P-256) is most of the CPU of a message, and
   * a fan-out sends hundreds to the same few origins, so each token is reused until it nears its expiry. */
  private readonly vapidTokens = new Map<string, { authorization: string; expiresAtSeconds: number }>();

  constructor(private readonly options: WebPushSenderOptions) {
    // The library checks the keys and subject only when it signs; signing once here fails at start-up instead.
    webpush.getVapidHeaders('https://push.invalid', options.vapid.subject, options.vapid.publicKey, options.vapid.privateKey, 'aes128gcm');
  }

  /** The VAPID Authorization for this endpoint's push service (its origin is the token's audience). */
  private authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const nowSeconds = Math.floor((this.options.now ?? Date.now)() / 1000);
    const cached = this.vapidTokens.get(audience);
    if (cached && cached.expiresAtSeconds - nowSeconds > VAPID_TOKEN_RENEW_SECONDS) return cached.authorization;
    const { subject, publicKey, privateKey } = this.options.vapid;
    const expiresAtSeconds = nowSeconds + VAPID_TOKEN_LIFETIME_SECONDS;
    const { Authorization: authorization } = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', expiresAtSeconds);
    this.vapidTokens.set(audience, { authorization, expiresAtSeconds });
    return authorization;
  }

  async send(subscription: PushSubscription, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
    checkOptions(options);
    const body = JSON.stringify(payload);
    const octets = Buffer.byteLength(body);
    if (octets > PUSH_PAYLOAD_MAX_OCTETS) {
      return { kind: 'rejected', status: 413, reason: `not sent: the payload is ${octets} octets, more than the ${PUSH_PAYLOAD_MAX_OCTETS} a push message carries` };
    }
    try {
      const request = await (this.options.encryption ?? encryptionOnThisThread).encrypt({ endpoint: subscription.endpoint, keys: subscription.keys }, body, {
        // The token is signed here, once per push service and period: without vapidDetails (and with no global ones,
        // which this product never sets) the library signs nothing and sends this header as it is.
        headers: { Authorization: this.authorizationFor(subscription.endpoint) },
        contentEncoding: 'aes128gcm',
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic === undefined ? {} : { topic: options.topic }),
      });
      await sendTo(request, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS, this.options.agent);
    } catch (error) {
      if (error instanceof webpush.WebPushError) return outcomeOf(error);
      // The endpoint's host resolves to an internal address (see publicAddressLookup): it can never be sent to.
      if ((error as NodeJS.ErrnoException).code === NOT_PUBLIC) return { kind: 'gone' };
      // The request never got an answer: refused, reset or silent connection, DNS, TLS. The endpoint stays out of the
      // message: it is the subscription's secret.
      throw new PushServiceUnavailable(`the push service did not answer: ${error instanceof Error ? error.message : String(error)}`, undefined, undefined, {
        cause: error,
      });
    }
    return { kind: 'accepted' };
  }
}

/** The encrypted message to its push service: as the library sends it, a status outside 2xx as its WebPushError. */
function sendTo(request: EncryptedPushRequest, timeoutMs: number, agent: Agent | undefined): Promise<void> {
  const url = new URL(request.endpoint);
  return new Promise((resolve, reject) => {
    const pushRequest = httpsRequest(
      { hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: request.method, headers: request.headers, timeout: timeoutMs, ...(agent ? { agent } : {}) },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status <= 299) resolve();
          else reject(new webpush.WebPushError('Received unexpected response code', status, response.headers as Record<string, string>, text, request.endpoint));
        });
        response.on('error', reject);
      },
    );
    pushRequest.on('timeout', () => pushRequest.destroy(new Error('Socket timeout')));
    pushRequest.on('error', reject);
    pushRequest.end(request.body);
  });
}

function outcomeOf(error: WebPushError): PushOutcome {
  const status = error.statusCode;
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'rejected', status, reason: reasonOf(error.body, status) };
  throw new PushServiceUnavailable(`the push service answered ${status}: ${reasonOf(error.body, status)}`, status, retryAfterSeconds(error.headers['retry-after']));
}

/** The push service's explanation: the `reason`, `message` or `error` of a JSON body (Apple, Mozilla), else the text. */
function reasonOf(body: string, status: number): string {
  let reason = body;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) {
      const fields = parsed as Record<string, unknown>;
      const named = [fields.reason, fields.message, fields.error].find((value) => typeof value === 'string' && value !== '');
      if (typeof named === 'string') reason = named;
    }
  } catch {
    // Not JSON: the text is the reason.
  }
  const cleaned = reason.replace(/\s+/g, ' ').trim().slice(0, REASON_MAX_LENGTH);
  return cleaned === '' ? `HTTP ${status}` : cleaned;
}

/** Retry-After as seconds from now: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Options the library would refuse are a caller's mistake, not the push service's: they are thrown as such. */
function checkOptions(options: PushOptions): void {
  if (!Number.isSafeInteger(options.ttlSeconds) || options.ttlSeconds < 0) throw new TypeError(`ttlSeconds must be a whole number of seconds, not ${options.ttlSeconds}`);
  if (!URGENCIES.includes(options.urgency)) throw new TypeError(`urgency must be one of ${URGENCIES.join(', ')}`);
  if (options.topic !== undefined && !/^[A-Za-z0-9_-]{1,32}$/.test(options.topic)) throw new TypeError('topic must be 1 to 32 base64url characters');
}
