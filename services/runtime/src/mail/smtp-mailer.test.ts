import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmtpMailer } from './smtp-mailer.js';

describe('SmtpMailer against a local SMTP sink', () => {
  let sink: SMTPServer;
  let port: number;
  let received: { envelopeTo: string[]; mail: ParsedMail }[];
  let refuse: boolean;

  beforeEach(async () => {
    received = [];
    refuse = false;
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refuse) return callback(new Error('mailbox unavailable'));
        return callback();
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push({ envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
    port = (sink.server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  });

  it('delivers the message with the configured sender', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Swarm Alert <alerts@swarm.example.org>' });
    await mailer.send({ to: 'admin@bees.example.org', subject: 'Low balance', text: 'Your balance is $4.93.' });
    mailer.close();

    expect(received).toHaveLength(1);
    expect(received[0]?.envelopeTo).toEqual(['admin@bees.example.org']);
    expect(received[0]?.mail.subject).toBe('Low balance');
    expect(received[0]?.mail.text?.trim()).toBe('Your balance is $4.93.');
    expect(received[0]?.mail.from?.text).toBe('"Swarm Alert" <alerts@swarm.example.org>');
  });

  it('sends under the Message-ID given, so a send repeated after a crash is the same message to mail systems', async () => {
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'alerts@swarm.example.org' });
    await mailer.send({ to: 'ada@example.org', subject: 'Swarm Alert', text: 'x', messageId: '<alert--r1--m1--submitted--email@swarm-alert>' });
    await mailer.send({ to: 'ada@example.org', subject: 'Swarm Alert', text: 'x' });
    mailer.close();
    expect(received[0]?.mail.messageId).toBe('<alert--r1--m1--submitted--email@swarm-alert>');
    expect(received[1]?.mail.messageId).not.toBe('<alert--r1--m1--submitted--email@swarm-alert>');
  });

  it('rejects when the relay refuses the recipient, without repeating the address', async () => {
    refuse = true;
    const mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'alerts@swarm.example.org' });
    const failure = await mailer.send({ to: 'admin@bees.example.org', subject: 'Low balance', text: 'x' }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^SMTP delivery failed \(code \w+, reply \d+\)$/);
    expect((failure as Error).message).not.toContain('admin@bees.example.org');
    mailer.close();
    expect(received).toEqual([]);
  });
});
