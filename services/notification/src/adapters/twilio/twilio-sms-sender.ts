import twilio from 'twilio';
import type { SmsMessage, SmsSender } from '../../app/ports.js';

export type TwilioSmsSenderOptions = {
  accountSid: string;
  authToken: string;
  /** The sender number: +1 and ten digits, or ten digits. */
  fromNumber: string;
  /** Where Twilio's REST API answers; a local fake in tests. */
  apiBaseUrl?: string;
  /**
   * Least time between two sends from this number. A US long code sends about one segment per second; queuing
   * faster only makes Twilio hold messages (and expire them after hours), so the wave is paced here instead.
   */
  minIntervalMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** +1 and ten digits, as Twilio wants them; the product keeps 10-digit national numbers. */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  throw new Error(`not a US phone number: ${JSON.stringify(phone)}`);
}

/** Sends SMS through Twilio's Messages API. A 4xx/5xx answer is thrown, so the alert job is retried with backoff. */
export class TwilioSmsSender implements SmsSender {
  private readonly client: ReturnType<typeof twilio>;
  private readonly from: string;
  private nextSlotAt = 0;

  constructor(private readonly options: TwilioSmsSenderOptions) {
    this.client = twilio(options.accountSid, options.authToken);
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl.replace(/\/+$/, '');
    this.from = toE164(options.fromNumber);
  }

  async send(message: SmsMessage): Promise<{ providerId: string }> {
    await this.waitForSlot();
    const sent = await this.client.messages.create({ to: toE164(message.to), from: this.from, body: message.body });
    return { providerId: sent.sid };
  }

  private async waitForSlot(): Promise<void> {
    const interval = this.options.minIntervalMs ?? 0;
    if (interval <= 0) return;
    const now = this.options.now?.() ?? Date.now();
    const slot = Math.max(now, this.nextSlotAt);
    this.nextSlotAt = slot + interval;
    if (slot > now) await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(slot - now);
  }
}
