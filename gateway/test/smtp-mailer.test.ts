import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginEmail } from '../src/mail/login-email.js';
import { SmtpMailer } from '@swarm/runtime/smtp';

/** A local SMTP sink: accepts any sender and recipient, keeps every message parsed. */
async function startSmtpSink(): Promise<{ port: number; received: { envelopeTo: string[]; mail: ParsedMail }[]; close(): Promise<void> }> {
  const received: { envelopeTo: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address), mail });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('SmtpMailer', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: SmtpMailer;
  beforeEach(async () => {
    sink = await startSmtpSink();
    mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${sink.port}`, from: 'Swarm Alert <no-reply@swarm.example.org>' });
  });
  afterEach(async () => {
    mailer.close();
    await sink.close();
  });

  it('delivers the login email over SMTP with the link in the text and the HTML parts', async () => {
    const link = 'https://swarm.example.org/api/oauth/magic-login/member/callback?token=abc_DEF-123';
    await mailer.send(loginEmail('ada@example.org', link, 15));
    expect(sink.received).toHaveLength(1);
    const [{ envelopeTo, mail }] = sink.received as [{ envelopeTo: string[]; mail: ParsedMail }];
    expect(envelopeTo).toEqual(['ada@example.org']);
    expect(mail.from?.text).toBe('"Swarm Alert" <no-reply@swarm.example.org>');
    expect(mail.subject).toBe('Your Swarm Alert login link');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('within 15 minutes');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('fails when the SMTP server cannot be reached, without the recipient in the error', async () => {
    await sink.close();
    const error = await mailer.send(loginEmail('ada@example.org', 'https://x.example/', 15)).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^SMTP delivery failed \(code E[A-Z]+, reply none\)$/);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('ada@example.org');
  });
});
