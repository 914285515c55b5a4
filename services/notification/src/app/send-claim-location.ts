import type { LocationJob } from '../domain/alert-schedule.js';
import { locationSms } from '../domain/inbound-sms.js';
import type { JobAttempt } from './ports/alert-jobs.js';
import type { MemberContacts, ReportClaims } from './ports/inbound.js';
import type { FollowUpTextOutcome, SendFollowUpText } from './send-follow-up-text.js';

export type SendClaimLocationOutcome = FollowUpTextOutcome | 'no-longer-claimer' | 'no-phone';

/**
 * Texts the claimer where the swarm is and who reported it, after a claim by SMS or in the member area: run as a job
 * (see LocationJob), sent once per claim like every follow-up text. A claim after an un-claim has a new claimedAt and
 * gets its own text; a claimer who gave the swarm back before the text went gets none.
 */
export class SendClaimLocation {
  constructor(private readonly ports: { reports: ReportClaims; members: MemberContacts; texts: Pick<SendFollowUpText, 'execute'> }) {}

  async execute(job: LocationJob, attempt?: JobAttempt): Promise<SendClaimLocationOutcome> {
    const details = await this.ports.reports.getClaimDetails(job.reportId, job.memberId);
    if (!details) return 'no-longer-claimer';
    const phoneNumber = await this.ports.members.findPhoneNumber(job.memberId);
    if (!phoneNumber) return 'no-phone';
    const text = {
      key: `location--${job.reportId}--${job.memberId}--${job.claimedAt}`,
      purpose: 'claimer-location' as const,
      to: phoneNumber,
      reportId: job.reportId,
      memberId: job.memberId,
      body: locationSms(details),
    };
    return this.ports.texts.execute(text, attempt);
  }
}
