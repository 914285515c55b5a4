import { MemberDeletedEvent, subscribeTo, type EventBus, type Logger, type Subscription } from '@swarm/runtime';
import type { LeaveEveryAssociation } from '../../app/leave-every-association.js';
import { AssociationError } from '../../domain/association-error.js';

/** The durable consumer name of the association-billing service on the event bus. */
export const ASSOCIATION_BILLING_CONSUMER = 'association-billing';

/**
 * A member who deleted their account leaves every association; a redelivery finds nothing left to leave. An id that
 * does not check can never name a membership: it is logged and acknowledged rather than redelivered for ever.
 */
export function subscribeToMemberDeleted(bus: EventBus, leaveEveryAssociation: LeaveEveryAssociation, logger: Logger): Promise<Subscription> {
  return subscribeTo(bus, ASSOCIATION_BILLING_CONSUMER, MemberDeletedEvent, async (event, delivery) => {
    let left: number;
    try {
      left = await leaveEveryAssociation.execute({ memberId: event.memberId });
    } catch (error) {
      if (!(error instanceof AssociationError) || error.code !== 'MEMBERSHIP.INVALID') throw error;
      logger.warn({ eventId: delivery.id, code: error.code }, 'member.deleted with an invalid member id ignored');
      return;
    }
    logger.info({ memberId: event.memberId, eventId: delivery.id, associationsLeft: left }, 'deleted member left every association');
  });
}
