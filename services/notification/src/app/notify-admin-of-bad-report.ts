import { markedBadEmail } from '../domain/inbound-sms.js';
import type { Mailer } from './inbound-ports.js';

export type ReportMarkedBad = { reportId: string; memberId: string; reason: string; markedAt: Date };

/** Emails the administrator that a member marked a report bad, so they can look at it. */
export class NotifyAdminOfBadReport {
  constructor(
    private readonly mailer: Mailer,
    private readonly adminEmail: string | undefined,
  ) {}

  /** 'not-configured' when no administrator address is set (nothing to send to). */
  async execute(event: ReportMarkedBad): Promise<'sent' | 'not-configured'> {
    if (!this.adminEmail) return 'not-configured';
    await this.mailer.send({ to: this.adminEmail, ...markedBadEmail(event) });
    return 'sent';
  }
}
