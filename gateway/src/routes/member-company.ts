import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MembershipStatus, type Membership } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServiceClients } from '../clients/service-clients.js';
import { memberIdOf } from '../auth/member-session.js';
import { HttpError, parseInput } from '../mappers/http-errors.js';

/** One of the member's associations as the member area lists it; status 'i' is inactive, 'a' active. */
export type MemberCompany = {
  companyId: string;
  companyName: string;
  status: 'a' | 'i';
  isAdmin: boolean;
  dateJoined: string;
  dateStatusChanged: string;
};

const joinBody = z.object({
  memberActivationCode: z
    .string({ error: 'Activation code is required' })
    .trim()
    .min(1, 'Activation code is required')
    .regex(/^[A-Za-z0-9]+$/, 'Activation code must contain only letters and numbers')
    .length(8, 'Activation code must be exactly 8 characters'),
});

const companyIdParam = z.object({ companyId: z.string().trim().min(1).max(128).regex(/^[\x21-\x7e]+$/) });

/** Messages of spec §8 for every failure a service call can end in; 5xx all read as the generic one. */
function failureMessages(notFound: string, other: string, conflict?: string): Partial<Record<number, string>> {
  return { 404: notFound, ...(conflict ? { 409: conflict } : {}), 500: other, 502: other, 503: other, 504: other };
}

const JOIN_MESSAGES = failureMessages('Invalid activation code.', 'Something went wrong while joining association.', 'You are already a member of this association.');
const LEAVE_MESSAGES = failureMessages('Company not found.', 'Something went wrong while deleting association.');

export function toMemberCompany(membership: Membership): MemberCompany {
  return {
    companyId: membership.association?.companyId ?? '',
    companyName: membership.association?.companyName ?? '',
    status: membership.status === MembershipStatus.INACTIVE ? 'i' : 'a',
    isAdmin: membership.isAdmin,
    dateJoined: membership.dateJoined ? timestampDate(membership.dateJoined).toISOString() : '',
    dateStatusChanged: membership.dateStatusChanged ? timestampDate(membership.dateStatusChanged).toISOString() : '',
  };
}

/**
 * The member's associations (spec §7): join by activation code, leave, list. Every call passes the session check of
 * every /api/member/ route (routes/auth.ts); failures are answered by the app's error handler.
 */
export function memberCompanyRoutes(app: FastifyInstance, clients: ServiceClients): void {
  app.get('/api/member/company', async (request) => {
    const { memberships } = await clients.associationBilling.listMemberMemberships({ memberId: memberIdOf(request) });
    return memberships.map(toMemberCompany);
  });

  app.post('/api/member/company', { config: { errorMessages: JOIN_MESSAGES } }, async (request) => {
    const { memberActivationCode } = parseInput(joinBody, request.body, 'Activation code is required');
    const { membership } = await clients.associationBilling.joinAssociation({ memberId: memberIdOf(request), activationCode: memberActivationCode });
    return { message: 'Successfully joined association.', company: membership ? toMemberCompany(membership) : undefined };
  });

  app.delete('/api/member/company/:companyId', { config: { errorMessages: LEAVE_MESSAGES } }, async (request) => {
    const parsed = companyIdParam.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, 'Company not found.');
    await clients.associationBilling.leaveAssociation({ memberId: memberIdOf(request), companyId: parsed.data.companyId });
    // The spec's success message for leaving reads like the one for joining.
    return { message: 'Successfully joined association.' };
  });
}
