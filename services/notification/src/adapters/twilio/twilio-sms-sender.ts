import twilio from 'twilio';
import type { MessageInstance } from 'twilio/lib/rest/api/v2010/account/message.js';
import { SmsRefusedError, type SmsMessage, type SmsSender } from '../../app/ports/sms.js';
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
  /** How long a call to Twilio may take before it is given up (Twilio's client: 30 s). */
  requestTimeoutMs?: number;
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

/**
 * Twilio's clock and ours may differ, and its message log keeps whole seconds: a message created this long before a
 * send was begun still counts as that send.
 */
const CLOCK_SKEW_MS = 60_000;
/** A page of Twilio's message log, and the way to the next. */
type LogPage = { instances: MessageInstance[]; nextPage(): Promise<LogPage> | undefined };

/** Messages read from the log per request. */
const LOG_PAGE = 50;
/**
 * How far back the log is read, in pages, when no page yet is wholly older than the send: a member alerted about every
 * report of a busy day still has the message found, and a log that never ends is not read for ever.
 */
const MAX_LOG_PAGES = 20;

/**
 * Sends SMS through Twilio's Messages API. A 400 answer (an invalid number, one that replied STOP, a landline) is a
 * refusal that sending again cannot change; any other failure is thrown as it is, so the job is retried with backoff.
 *
 * Twilio's Messages API takes no idempotency key, so whether an interrupted send reached Twilio is read from its message
 * log (`findSent`): the messages to that number from this sender, created since the send was begun, with the same
 * text. The log answers at once and for certain, from Twilio's own record; a status callback would need a public URL
 * reachable by Twilio and could still be on its way when the retry has to decide.
 */
export class TwilioSmsSender implements SmsSender {
  private readonly client: ReturnType<typeof twilio>;
  private readonly sender: { from: string } | { messagingServiceSid: string };
  /** The key the pace is kept under: the number, or the Messaging Service. */
  private readonly paceKey: string;
  private readonly pacer: SendPacer;

  constructor(private readonly options: TwilioSmsSenderOptions) {
    this.client = twilio(options.accountSid, options.authToken, options.requestTimeoutMs === undefined ? {} : { timeout: options.requestTimeoutMs });
    if (options.apiBaseUrl) this.client.api.baseUrl = options.apiBaseUrl.replace(/\/+$/, '');
    this.sender = 'fromNumber' in options.sender ? { from: toE164(options.sender.fromNumber) } : { messagingServiceSid: options.sender.messagingServiceSid };
    this.paceKey = 'from' in this.sender ? this.sender.from : this.sender.messagingServiceSid;
    this.pacer = options.pacer ?? new InProcessSendPacer();
  }

  async send(message: SmsMessage, handOver?: () => Promise<void>): Promise<{ providerId: string }> {
    await this.waitForSlot();
    await handOver?.();
    try {
      const sent = await this.client.messages.create({ to: toE164(message.to), body: message.body, ...this.sender });
      return { providerId: sent.sid };
    } catch (error) {
      if (isRefusal(error)) throw new SmsRefusedError(`Twilio ${error.code ?? error.status}: ${error.message}`);
      throw error;
    }
  }

  /**
   * Reads the log newest first, page after page, until a whole page is older than the send (the log is ordered by
   * time, give or take the provider's own order within a second): an interrupted send may have been followed by many
   * other texts to the same number before its job runs again.
   */
  async findSent(message: SmsMessage & { since: Date; excluding?: readonly string[] }): Promise<{ providerId: string } | undefined> {
    const from = 'from' in this.sender ? { from: this.sender.from } : {};
    const since = message.since.getTime() - CLOCK_SKEW_MS;
    let page: LogPage | undefined = await this.client.messages.page({ to: toE164(message.to), ...from, pageSize: LOG_PAGE });
    for (let read = 1; page && read <= MAX_LOG_PAGES; read += 1) {
      const match = page.instances.find(
        (sent) =>
          sent.body === message.body &&
          sent.direction.startsWith('outbound') &&
          (sent.dateCreated?.getTime() ?? 0) >= since &&
          !message.excluding?.includes(sent.sid) &&
          ('messagingServiceSid' in this.sender ? sent.messagingServiceSid === this.sender.messagingServiceSid : true),
      );
      if (match) return { providerId: match.sid };
      if (page.instances.every((sent) => (sent.dateCreated?.getTime() ?? 0) < since)) return undefined;
      page = await page.nextPage();
    }
    return undefined;
  }

  private async waitForSlot(): Promise<void> {
    const interval = this.options.minIntervalMs ?? 0;
    if (interval <= 0) return;
    const { waitMs } = await this.pacer.reserveSlot(this.paceKey, interval);
    if (waitMs > 0) await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(waitMs);
  }
}

/** Twilio's RestException for a 400: the request can never succeed as it is. */
function isRefusal(error: unknown): error is { status: number; code?: number; message: string } {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 400;
}
