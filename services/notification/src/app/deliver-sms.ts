import { SmsRefusedError, type SmsMessage, type SmsSender } from './ports/sms.js';

export type SmsDelivery =
  /** `found`: an earlier, interrupted attempt had reached the provider; nothing was sent now. */
  | { kind: 'sent'; providerId: string; found: boolean }
  | { kind: 'refused'; reason: string };

/**
 * Hands a message to the provider once across every attempt of its job. A send begun before and never recorded (the
 * process died, or the provider's answer was lost) is looked up at the provider first: a message it took is not sent
 * again. A refusal is answered; any other failure is thrown, and the send stays begun, so the retry looks it up too.
 */
export async function deliverSms(
  sms: SmsSender,
  message: SmsMessage,
  interrupted: { startedAt: Date; excluding?: readonly string[] } | undefined,
  handOver?: () => Promise<void>,
): Promise<SmsDelivery> {
  if (interrupted) {
    const found = await sms.findSent({ ...message, since: interrupted.startedAt, ...(interrupted.excluding ? { excluding: interrupted.excluding } : {}) });
    if (found) return { kind: 'sent', providerId: found.providerId, found: true };
  }
  try {
    const { providerId } = await sms.send(message, handOver);
    return { kind: 'sent', providerId, found: false };
  } catch (error) {
    if (error instanceof SmsRefusedError) return { kind: 'refused', reason: error.reason };
    throw error;
  }
}
