import type { SmtpMessage } from './smtp-mailer.js';

/**
 * The development mailer of every service: logs that an email would go out, without its address or text, and keeps
 * the messages for tests. It fits each service's own Mailer port, as SmtpMailer does.
 */
export class LogMailer {
  readonly sent: SmtpMessage[] = [];

  constructor(private readonly log: { info(details: object, message: string): void }) {}

  async send(message: SmtpMessage): Promise<void> {
    this.sent.push(message);
    this.log.info({ subject: message.subject }, 'email not sent (development mailer)');
  }
}
