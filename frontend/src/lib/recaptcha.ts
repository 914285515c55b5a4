/** The part of Google's reCAPTCHA v3 browser API this app uses. */
interface Grecaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const recaptchaScriptUrl = (siteKey: string) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;

const loads = new Map<string, Promise<Grecaptcha>>();

/** Adds the reCAPTCHA script once per site key and resolves when its API is ready. */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  const existing = loads.get(siteKey);
  if (existing) return existing;
  const load = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = recaptchaScriptUrl(siteKey);
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const api = window.grecaptcha;
      if (!api) {
        reject(new Error('The bot check did not load.'));
        return;
      }
      api.ready(() => resolve(api));
    };
    script.onerror = () => reject(new Error('The bot check could not be loaded.'));
    document.head.append(script);
  });
  // A failed load (a blip in the reporter's connection) may be retried on the next submission.
  load.catch(() => loads.delete(siteKey));
  loads.set(siteKey, load);
  return load;
}

/** The token the development bot check accepts; the gateway's dev adapter takes any non-empty token. */
export const devBotCheckToken = 'dev';

/** A fresh token for one action ('report', 'login_member'); tokens are single use and expire after two minutes. */
export async function getBotCheckToken(siteKey: string | null, action: string): Promise<string> {
  if (siteKey === null) return devBotCheckToken;
  const api = await loadRecaptcha(siteKey);
  return api.execute(siteKey, { action });
}
