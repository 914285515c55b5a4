// Text messages leaving the product.

/** An outgoing SMS. `to` is the 10-digit national number; the key lets a provider adapter drop repeats. */
export interface SmsMessage {
  to: string;
  body: string;
  idempotencyKey: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ providerId: string }>;
}
