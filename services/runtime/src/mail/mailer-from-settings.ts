import type { PartWiring } from '../composition.js';
import { LogMailer } from './log-mailer.js';
import { SmtpMailer, type SmtpMessage } from './smtp-mailer.js';

export type MailSettings = { SMTP_URL?: string | undefined; MAIL_FROM: string };

/**
 * The mailer a service's configuration names: SMTP through SMTP_URL; without it, the embedded product's dev outbox,
 * or the log (`what` says which emails, in the warning).
 */
export function mailerFromSettings(settings: MailSettings, wiring: PartWiring, what: string): { send(message: SmtpMessage): Promise<void> } {
  if (settings.SMTP_URL) {
    const smtp = new SmtpMailer({ smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM });
    wiring.lifecycle.onShutdown('smtp', async () => smtp.close());
    return smtp;
  }
  if (wiring.devMailer) return wiring.devMailer;
  wiring.logger.warn(`SMTP_URL is not set: ${what} are only logged`);
  return new LogMailer(wiring.logger);
}
