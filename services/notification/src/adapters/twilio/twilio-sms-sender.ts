import twilio from 'twilio';
import type { SmsMessage, SmsSender } from '../../app/ports/sms.js';
import { InProcessSendPacer, type SendPacer } from '../pacing/send-pacer.js';

/** Who sends: one number (+1 and ten digits, or ten digits), or a Messaging Service (MG…) with a pool of numbers. */
export type TwilioSender = { fromNumber: string } | { messagingServiceSid: string };

export type TwilioSmsSenderOptions = {
  accountSid: string;
  authToken: string;
  sender: TwilioSender;
  /** Where Twilio's REST API answers; a local fake in tests. */
  apiBaseUrl?: string;
  /**
   * Least time between two sends from the sender. A US long code sends about one segment per second, toll-free about
   * three, a short code about a hundred, a Messaging Service as many as its pool; queuing faster only makes Twilio hold
   * messages (and expire them after hours), so the wave is paced here instead.
   */
  minIntervalMs?: number;
  /** Shares the pace of the sender; in-process when not given. */
  pacer?: SendPacer;
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
  private readonly sender: { from: string } | { messagingServiceSid: string };
  /** The key the pace is kept under: the number, or the Messaging Service. */
  private readonly paceKey: string;
  private readonly pacer: SendPacer;

  constructor(private readonly options: TwilioSmsSenderOptions) {
    this.client = twilio(options.accountSid, options.authToken);
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl.replace(/\/+$/, '');
    this.sender = 'fromNumber' in options.sender ? { from: toE164(options.sender.fromNumber) } : { messagingServiceSid: options.sender.messagingServiceSid };
    this.paceKey = 'from' in this.sender ? this.sender.from : this.sender.messagingServiceSid;
    this.pacer = options.pacer ?? new InProcessSendPacer();
  }

  async send(message: SmsMessage): Promise<{ providerId: string }> {
    await this.waitForSlot();
    const sent = await this.client.messages.create({ to: toE164(message.to), body: message.body, ...this.sender });
    return { providerId: sent.sid };
  }

  private async waitForSlot(): Promise<void> {
    const interval = this.options.minIntervalMs ?? 0;
    if (interval <= 0) return;
    const { waitMs } = await this.pacer.reserveSlot(this.paceKey, interval);
    if (waitMs > 0) await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(waitMs);
  }
}
