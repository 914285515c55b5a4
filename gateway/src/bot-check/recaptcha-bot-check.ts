import type { BotCheck, BotCheckResult } from './bot-check.js';

export type RecaptchaBotCheckOptions = {
  secret: string;
  /** Google's endpoint by default; a local server in tests. */
  verifyUrl?: string;
  /** reCAPTCHA v3 scores run from 0.0 (a script) to 1.0 (a person). */
  minScore?: number;
  /** When given, the token must have been issued on one of these hostnames. */
  hostnames?: string[];
  timeoutMs?: number;
};

type SiteverifyResponse = {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
};

/**
 * reCAPTCHA v3 siteverify: the token passes when Google says success, it was issued for the expected action,
 * its score reaches the threshold and (when configured) it came from one of our hostnames. Any failure to ask
 * Google counts as not verified: the form is refused rather than let through unchecked.
 */
export class RecaptchaBotCheck implements BotCheck {
  private readonly verifyUrl: string;
  private readonly minScore: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: RecaptchaBotCheckOptions) {
    this.verifyUrl = options.verifyUrl ?? 'https://www.google.com/recaptcha/api/siteverify';
    this.minScore = options.minScore ?? 0.5;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async verify(token: string, expectedAction: string, remoteIp?: string): Promise<BotCheckResult> {
    if (token.trim() === '') return { ok: false, reason: 'empty token' };
    const form = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    let answer: SiteverifyResponse;
    try {
      const response = await fetch(this.verifyUrl, { method: 'POST', body: form, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) return { ok: false, reason: `siteverify answered ${response.status}` };
      answer = (await response.json()) as SiteverifyResponse;
    } catch (error) {
      return { ok: false, reason: `siteverify could not be reached: ${(error as Error).message}` };
    }
    if (answer.success !== true) return { ok: false, reason: `not successful (${(answer['error-codes'] ?? []).join(', ') || 'no error code'})` };
    if (answer.action !== expectedAction) return { ok: false, reason: `action ${String(answer.action)} instead of ${expectedAction}` };
    if (typeof answer.score !== 'number' || answer.score < this.minScore) return { ok: false, reason: `score ${String(answer.score)} below ${this.minScore}` };
    if (this.options.hostnames?.length && !this.options.hostnames.includes(answer.hostname ?? '')) {
      return { ok: false, reason: `hostname ${String(answer.hostname)} not allowed` };
    }
    return { ok: true };
  }
}
