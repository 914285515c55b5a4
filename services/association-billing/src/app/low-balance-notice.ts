import type { Association } from '../domain/association.js';
import { formatCents, isLowBalance } from '../domain/ledger.js';
import type { LedgerRepository, Mailer, WarningLog } from './ports.js';

/**
 * One email to the association's admin contact when its balance falls below the threshold, then none until a
 * top-up brings the balance back to the threshold or above.
 */
export class LowBalanceNotice {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly mailer: Mailer,
    private readonly log: WarningLog,
    readonly thresholdCents: number,
  ) {}

  async afterDebit(association: Association, balanceCents: number): Promise<void> {
    if (!isLowBalance(balanceCents, this.thresholdCents)) return;
    if (!(await this.ledger.claimLowBalanceNotice(association.companyId))) return;
    if (!association.adminContactEmail) {
      // Said once per low spell, like the email, so an operator sees whom nobody could warn.
      this.log.warn({ companyId: association.companyId, balanceCents }, 'balance is low but the association has no admin contact email to warn');
      return;
    }
    try {
      await this.mailer.send({
        to: association.adminContactEmail,
        subject: `Swarm alerts: low balance for ${association.companyName}`,
        text: [
          `The prepaid balance of ${association.companyName} is ${formatCents(balanceCents)}.`,
          `Each alert costs $0.07 per member; when the balance cannot pay for an alert, your members are not alerted through ${association.companyName}.`,
          'Add funds (any amount over $10.00) to keep alerts going. Funds never expire.',
        ].join('\n\n'),
      });
    } catch (error) {
      // The charge itself succeeded; arm the notice again so the next charge retries the email.
      await this.ledger.releaseLowBalanceNotice(association.companyId);
      this.log.warn({ companyId: association.companyId, reason: error instanceof Error ? error.message : 'unknown' }, 'low-balance email failed');
    }
  }

  async afterCredit(companyId: string, balanceCents: number): Promise<void> {
    if (!isLowBalance(balanceCents, this.thresholdCents)) await this.ledger.releaseLowBalanceNotice(companyId);
  }
}
