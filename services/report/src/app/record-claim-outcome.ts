import { checkClaimOutcome, decideOutcome } from '../domain/claim.js';
import { ReportError } from '../domain/report-error.js';
import type { Clock, IdGenerator, ReportRepository } from './ports.js';

const ATTEMPTS = 3;

/**
 * The claimer records what became of the swarm (by SMS reply to the outcome prompt or in the member area), at any
 * time after claiming, and may change it; each change is announced with ClaimOutcomeRecorded. Recording the outcome
 * already recorded changes nothing and announces nothing, so a repeated reply is harmless.
 */
export class RecordClaimOutcome {
  constructor(private readonly ports: { reports: ReportRepository; clock: Clock; ids: IdGenerator }) {}

  async execute(reportId: string, memberId: string, outcome: string): Promise<void> {
    const checked = checkClaimOutcome(outcome.trim());
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const { claim, change } = decideOutcome(await this.ports.reports.findById(reportId), memberId, checked);
      if (!change) return;
      const recordedAt = this.ports.clock.now();
      const event = { kind: 'report.outcome_recorded' as const, eventId: this.ports.ids.newId(), reportId, memberId, outcome: checked, recordedAt };
      if (await this.ports.reports.recordOutcome(reportId, claim, checked, event)) return;
    }
    throw new ReportError('REPORT.NOT_CLAIMER', 'only the member who claimed this report may record what happened');
  }
}
