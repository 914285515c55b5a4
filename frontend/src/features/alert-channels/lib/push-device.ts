import { DEVICE_NAME_MAX, type PushSubscriptionBody } from '../api/add-push-device';

export type PushAvailability = { available: true } | { available: false; reason: string };

export const pushUnavailableMessages = {
  notConfigured: 'Notifications are not available from this Swarm Alert server yet.',
  unsupported: 'This browser cannot show notifications from a website. Try a current Chrome, Edge, Firefox or Safari.',
  iosNotInstalled: 'On an iPhone or iPad, add Swarm Alert to your Home Screen (Share, then Add to Home Screen) and open it from there to get notifications.',
} as const;

/** What the browser offers, read from the page's globals; a parameter so tests can describe any browser. */
export interface BrowserFacts {
  userAgent: string;
  maxTouchPoints: number;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  standalone: boolean;
}

export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasServiceWorker: 'serviceWorker' in navigator,
    hasPushManager: 'PushManager' in window,
    hasNotification: 'Notification' in window,
    standalone: typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
  };
}

const isAppleMobile = ({ userAgent, maxTouchPoints }: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>) =>
  /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);

/** A VAPID public key: an uncompressed P-256 point, 65 bytes, in base64url. */
const P256_PUBLIC_KEY_BYTES = 65;

/** Decodes base64url (with or without padding) into the bytes `pushManager.subscribe` takes; throws on anything else. */
export function decodeBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error('not base64url');
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The server's key as bytes, or undefined when it is missing or not a P-256 public key. */
export function applicationServerKeyOf(webPushPublicKey: string): Uint8Array<ArrayBuffer> | undefined {
  if (webPushPublicKey === '') return undefined;
  try {
    const bytes = decodeBase64Url(webPushPublicKey);
    return bytes.length === P256_PUBLIC_KEY_BYTES && bytes[0] === 0x04 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this browser, with this server, can get alerts as notifications; if not, why, in a sentence. */
export function pushAvailability(webPushPublicKey: string, facts: BrowserFacts = browserFacts()): PushAvailability {
  if (!applicationServerKeyOf(webPushPublicKey)) return { available: false, reason: pushUnavailableMessages.notConfigured };
  if (facts.hasServiceWorker && facts.hasPushManager && facts.hasNotification) return { available: true };
  // Safari on iOS offers Web Push only to a site added to the Home Screen and opened from there.
  if (isAppleMobile(facts) && !facts.standalone) return { available: false, reason: pushUnavailableMessages.iosNotInstalled };
  return { available: false, reason: pushUnavailableMessages.unsupported };
}

const BROWSERS: [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/CriOS\/|Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** A name the member will recognise in the device list: 'Chrome on Android', 'Safari on iPhone'. */
export function guessDeviceName(userAgent: string, maxTouchPoints = 0): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  let system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  // iPadOS says it is a Mac; only the touch screen tells them apart.
  if (system === 'Mac' && maxTouchPoints > 1) system = 'iPad';
  return (system ? `${browser} on ${system}` : browser).slice(0, DEVICE_NAME_MAX);
}

export class PushSetupError extends Error {
  override readonly name = 'PushSetupError';
}

export const pushSetupMessages = {
  workerNotReady: 'Swarm Alert is still getting ready on this device. Reload the page and try again.',
  subscribeFailed: 'This browser could not set up notifications. Reload the page and try again.',
} as const;

/** `promise`, or a PushSetupError with `message` once `timeoutMs` have passed without it settling. */
async function within<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSetupError(message)), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The service worker's registration; it is registered after the page has loaded, so it may take a moment. */
function readyRegistration(timeoutMs: number): Promise<ServiceWorkerRegistration> {
  return within(navigator.serviceWorker.ready, timeoutMs, pushSetupMessages.workerNotReady);
}

const sameBytes = (buffer: ArrayBuffer | null, bytes: Uint8Array) => {
  if (!buffer || buffer.byteLength !== bytes.length) return false;
  const view = new Uint8Array(buffer);
  return bytes.every((byte, index) => view[index] === byte);
};

/** The subscription as the gateway takes it; a browser that gives no keys cannot receive encrypted alerts. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushSetupError(pushSetupMessages.subscribeFailed);
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * This browser's push subscription for the server's key: the one it has when it was made with that key, otherwise a
 * new one (one made with an earlier key is given up first, or the browser refuses a second).
 */
export async function subscribeThisDevice(webPushPublicKey: string, { timeoutMs = 10_000 } = {}): Promise<PushSubscriptionBody> {
  const applicationServerKey = applicationServerKeyOf(webPushPublicKey);
  if (!applicationServerKey) throw new PushSetupError(pushUnavailableMessages.notConfigured);
  const registration = await readyRegistration(timeoutMs);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    // A browser whose push service cannot be reached may never answer (Chromium without its push service does not):
    // the member is told instead of the section staying on "Saving…".
    subscription ??= await within(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }), timeoutMs, pushSetupMessages.subscribeFailed);
  } catch {
    throw new PushSetupError(pushSetupMessages.subscribeFailed);
  }
  return subscriptionBody(subscription);
}

/** Gives up this browser's push subscription, if it has one; a failure leaves nothing for the member to do. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // The server no longer sends to it; the push service drops a subscription nobody uses.
  }
}

const THIS_DEVICE_KEY = 'swarm-alert:push-device-id';

/** Which of the member's devices this browser is, as the gateway named it when this browser was added. */
export const thisDevice = {
  id(): string | undefined {
    try {
      return localStorage.getItem(THIS_DEVICE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
  remember(deviceId: string): void {
    try {
      localStorage.setItem(THIS_DEVICE_KEY, deviceId);
    } catch {
      // Storage refused (a private window): the list just cannot say which device is this one.
    }
  },
  forget(): void {
    try {
      localStorage.removeItem(THIS_DEVICE_KEY);
    } catch {
      // As above.
    }
  },
};
