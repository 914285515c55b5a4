import type { Mailer } from '../../app/inbound-ports.js';

type EmailMessage = Parameters<Mailer['send']>[0];

/** Development mailer: records that an email would go out, without its address or text, and keeps the messages. */
export class LogMailer implements Mailer {
  readonly sent: EmailMessage[] = [];

  constructor(private readonly log: { info(details: object, message: string): void }) {}

  async send(message: EmailMessage): Promise<void> {
    this.sent.push(message);
    this.log.info({ subject: message.subject }, 'email not sent (development mailer)');
  }
}
