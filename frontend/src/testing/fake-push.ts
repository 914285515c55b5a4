import { vi } from 'vitest';

/** A VAPID public key as the gateway would give it: an uncompressed P-256 point (65 bytes) in base64url. */
export const TEST_VAPID_KEY_BYTES = Uint8Array.from([4, ...Array.from({ length: 64 }, (_, index) => index + 1)]);
export const TEST_VAPID_KEY = btoa(String.fromCharCode(...TEST_VAPID_KEY_BYTES)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

export class FakePushSubscription {
  unsubscribe = vi.fn(async () => {
    this.owner.current = null;
    return true;
  });
  readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean };
  constructor(
    private readonly owner: { current: FakePushSubscription | null },
    readonly endpoint: string,
    key: Uint8Array,
  ) {
    this.options = { applicationServerKey: key.slice().buffer, userVisibleOnly: true };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'authSecret' } };
  }
}

/**
 * Web Push as a browser offers it, faked: `Notification` (its permission and the question), `PushManager`, and
 * `navigator.serviceWorker` whose ready registration subscribes. `answer` is what the member answers when asked.
 */
export function installFakePush({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  userAgent = ANDROID_CHROME,
  existingSubscription = false,
} = {}) {
  const subscriptions = { current: null as FakePushSubscription | null };
  let endpoints = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => subscriptions.current),
    subscribe: vi.fn(async (options: PushSubscriptionOptionsInit) => {
      subscriptions.current = new FakePushSubscription(subscriptions, `https://push.example/send/${++endpoints}`, options.applicationServerKey as Uint8Array);
      return subscriptions.current;
    }),
  };
  if (existingSubscription) subscriptions.current = new FakePushSubscription(subscriptions, 'https://push.example/send/earlier', TEST_VAPID_KEY_BYTES);
  const registration = { pushManager };

  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = answer;
    return answer;
  });
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);

  return { requestPermission, pushManager, subscriptions };
}

/** Takes the fake away again (vitest restores the stubbed globals itself). */
export function removeFakePush() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
