import { locationSms } from '../domain/inbound-sms.js';
import type { MemberContacts, ReportClaims } from './ports/inbound.js';
import type { SmsSender } from './ports/sms.js';

export type ReportClaimed = { reportId: string; memberId: string; claimedAt: Date };

export type SendClaimLocationOutcome = 'sent' | 'no-longer-claimer' | 'no-phone';

/** Texts the claimer where the swarm is and who reported it, after a claim by SMS or in the member area. */
export class SendClaimLocation {
  constructor(private readonly ports: { reports: ReportClaims; members: MemberContacts; sms: SmsSender }) {}

  async execute(claim: ReportClaimed): Promise<SendClaimLocationOutcome> {
    const details = await this.ports.reports.getClaimDetails(claim.reportId, claim.memberId);
    if (!details) return 'no-longer-claimer';
    const phoneNumber = await this.ports.members.findPhoneNumber(claim.memberId);
    if (!phoneNumber) return 'no-phone';
    // One text per claim: a redelivered event repeats the key and the sender drops it; a claim after an un-claim has
    // a new claimedAt and gets its own text.
    await this.ports.sms.send({
      to: phoneNumber,
      body: locationSms(details),
      idempotencyKey: `location:${claim.reportId}:${claim.memberId}:${claim.claimedAt.toISOString()}`,
    });
    return 'sent';
  }
}
