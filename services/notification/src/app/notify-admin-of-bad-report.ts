import { markedBadEmail } from '../domain/inbound-sms.js';
import type { Mailer } from './ports/inbound.js';

export type ReportMarkedBad = { reportId: string; memberId: string; reason: string; markedAt: Date };

/** Emails the administrator that a member marked a report bad, so they can look at it. */
export class NotifyAdminOfBadReport {
  constructor(private readonly ports: { mailer: Mailer; adminEmail: string | undefined }) {}

  /** 'not-configured' when no administrator address is set (nothing to send to). */
  async execute(event: ReportMarkedBad): Promise<'sent' | 'not-configured'> {
    if (!this.ports.adminEmail) return 'not-configured';
    await this.ports.mailer.send({ to: this.ports.adminEmail, ...markedBadEmail(event) });
    return 'sent';
  }
}
