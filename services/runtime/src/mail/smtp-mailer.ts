import nodemailer, { type Transporter } from 'nodemailer';

/**
 * `messageId`: the Message-ID to send under (`<local@domain>`); a message sent again with the same one is the same
 * message to mail systems, which keep one of them (a send retried after a crash that hid whether the relay took it).
 */
export type SmtpMessage = { to: string; subject: string; text: string; html?: string; messageId?: string };

/**
 * Email over an SMTP relay given as a URL (smtp://user:pass@host:587, or smtps://… for implicit TLS). It fits every
 * service's own Mailer port, which each declare with the message fields they send.
 */
export class SmtpMailer {
  private readonly transporter: Transporter;

  constructor(options: { smtpUrl: string; from: string }) {
    this.transporter = nodemailer.createTransport(options.smtpUrl, { from: options.from });
  }

  async send(message: SmtpMessage): Promise<void> {
    try {
      await this.transporter.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html, ...(message.messageId ? { messageId: message.messageId } : {}) });
    } catch (error) {
      // Nodemailer's errors repeat the recipient (envelope, rejected list, server reply): only the codes go on, so
      // an address never reaches the logs.
      const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
      // eslint-disable-next-line preserve-caught-error -- the cause holds the recipient's address (see above)
      throw new Error(`SMTP delivery failed (code ${String(code ?? 'unknown')}, reply ${String(responseCode ?? 'none')})`);
    }
  }

  close(): void {
    this.transporter.close();
  }
}
