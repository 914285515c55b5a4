import { describe, expect, it, vi } from 'vitest';
import { TEST_VAPID_KEY, TEST_VAPID_KEY_BYTES } from '@/testing/fake-push';
import { applicationServerKeyOf, decodeBase64Url, guessDeviceName, pushAvailability, pushSetupMessages, pushUnavailableMessages, subscribeThisDevice, type BrowserFacts } from './push-device';

const everything: BrowserFacts = { userAgent: 'Chrome/126', maxTouchPoints: 0, hasServiceWorker: true, hasPushManager: true, hasNotification: true, standalone: false };

describe('the server key', () => {
  it('decodes base64url with and without padding', () => {
    expect([...decodeBase64Url('-_8')]).toEqual([0xfb, 0xff]);
    expect([...decodeBase64Url('-_8=')]).toEqual([0xfb, 0xff]);
    expect([...decodeBase64Url('')]).toEqual([]);
    expect(() => decodeBase64Url('a+b/')).toThrow();
  });

  it('is taken only as a 65-byte P-256 public key', () => {
    expect([...applicationServerKeyOf(TEST_VAPID_KEY)!]).toEqual([...TEST_VAPID_KEY_BYTES]);
    expect(applicationServerKeyOf('')).toBeUndefined();
    expect(applicationServerKeyOf('c2hvcnQ')).toBeUndefined();
    expect(applicationServerKeyOf('not a key!')).toBeUndefined();
  });
});

describe('whether notifications can be offered', () => {
  it('needs the server key, a service worker, PushManager and Notification', () => {
    expect(pushAvailability(TEST_VAPID_KEY, everything)).toEqual({ available: true });
    expect(pushAvailability('', everything)).toEqual({ available: false, reason: pushUnavailableMessages.notConfigured });
    for (const missing of ['hasServiceWorker', 'hasPushManager', 'hasNotification'] as const) {
      expect(pushAvailability(TEST_VAPID_KEY, { ...everything, [missing]: false }), missing).toEqual({ available: false, reason: pushUnavailableMessages.unsupported });
    }
  });

  it('tells an iPhone or iPad to add the site to the Home Screen first', () => {
    const safari = { ...everything, hasPushManager: false, hasNotification: false };
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    expect(pushAvailability(TEST_VAPID_KEY, { ...safari, userAgent: iphone })).toEqual({ available: false, reason: pushUnavailableMessages.iosNotInstalled });
    expect(pushAvailability(TEST_VAPID_KEY, { ...safari, userAgent: ipad, maxTouchPoints: 5 })).toEqual({ available: false, reason: pushUnavailableMessages.iosNotInstalled });
    expect(pushAvailability(TEST_VAPID_KEY, { ...safari, userAgent: ipad })).toEqual({ available: false, reason: pushUnavailableMessages.unsupported });
  });
});

describe("this device's name", () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 0, 'Chrome on Android'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 0, 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 0, 'Firefox on Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 0, 'Safari on iPhone'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 5, 'Safari on iPad'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 0, 'Safari on Mac'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 0, 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 0, 'Opera on Linux'],
    ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 0, 'Chrome on ChromeOS'],
    ['curl/8.0', 0, 'Browser'],
  ])('%s → %s', (userAgent, touchPoints, name) => {
    expect(guessDeviceName(userAgent, touchPoints)).toBe(name);
  });
});

describe('subscribing this device', () => {
  it('tells the member when the browser never answers the subscription, instead of waiting for ever', async () => {
    const never = new Promise<PushSubscription>(() => undefined);
    const registration = { pushManager: { getSubscription: async () => null, subscribe: () => never } };
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { ready: Promise.resolve(registration) } });
    try {
      await expect(subscribeThisDevice(TEST_VAPID_KEY, { timeoutMs: 50 })).rejects.toThrow(pushSetupMessages.subscribeFailed);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
