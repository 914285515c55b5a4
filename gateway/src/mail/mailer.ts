export type EmailMessage = { to: string; subject: string; text: string; html: string };

/** Sends email: over SMTP in production, into the dev outbox on the embedded default. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}
