import { normalizeActivationCode } from '../domain/activation-code.js';
import { AssociationError } from '../domain/association-error.js';
import { checkId, newMembership } from '../domain/membership.js';
import type { MembershipView } from './membership-view.js';
import type { ActivationCodeRepository, AssociationRepository, Clock, JoinFailureRepository, MembershipRepository } from './ports.js';

export type JoinOutcome = { membership: MembershipView; reactivated: boolean };

/** Wrong codes a member may enter per window before joining is refused for the rest of it: guessing stays hopeless. */
export const MAX_JOIN_FAILURES = 10;
export const JOIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export class JoinAssociation {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      codes: ActivationCodeRepository;
      memberships: MembershipRepository;
      joinFailures: JoinFailureRepository;
      clock: Clock;
    },
  ) {}

  /** Joins with the code's association, or reactivates an inactive membership there; an active member is refused. */
  async execute(input: { memberId: string; activationCode: string }): Promise<JoinOutcome> {
    const memberId = checkId(input.memberId, 'Member id');
    const normalizedCode = normalizeActivationCode(input.activationCode);
    const now = this.ports.clock.now();
    if ((await this.ports.joinFailures.countSince(memberId, new Date(now.getTime() - JOIN_FAILURE_WINDOW_MS))) >= MAX_JOIN_FAILURES) {
      throw new AssociationError('MEMBERSHIP.TOO_MANY_ATTEMPTS', 'Too many wrong activation codes. Wait 15 minutes and try again.');
    }
    const code = await this.ports.codes.find(normalizedCode);
    const association = code && (await this.ports.associations.findById(code.companyId));
    if (!code || !association) {
      await this.ports.joinFailures.record(memberId, now);
      throw new AssociationError('ACTIVATION_CODE.NOT_FOUND', 'Invalid activation code.');
    }

    const joined = newMembership({ companyId: association.companyId, memberId, joinedAt: now });
    if (await this.ports.memberships.createIfAbsent(joined)) return { membership: { ...joined, association }, reactivated: false };

    const reactivated = await this.ports.memberships.reactivate(association.companyId, memberId, now);
    if (reactivated) return { membership: { ...reactivated, association }, reactivated: true };
    throw new AssociationError('MEMBERSHIP.ALREADY_MEMBER', 'You are already a member of this association.');
  }
}
