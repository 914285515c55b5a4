import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MembershipStatus, type Membership } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { MemberCompany } from '@swarm/api-contract/member-company';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServiceClients } from '../clients/service-clients.js';
import { memberIdOf } from '../auth/member-session.js';
import { HttpError } from '../mappers/http-errors.js';
import { contractRoute } from './contract-route.js';

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
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(apiRoutes.listMemberCompanies),
    handler: async (request) => {
      const { memberships } = await clients.associationBilling.listMemberMemberships({ memberId: memberIdOf(request) });
      return memberships.map(toMemberCompany);
    },
  });

  api.route({
    ...contractRoute(apiRoutes.joinAssociation, { errorMessages: JOIN_MESSAGES }),
    handler: async (request) => {
      const { memberActivationCode } = request.body;
      const { membership } = await clients.associationBilling.joinAssociation({ memberId: memberIdOf(request), activationCode: memberActivationCode });
      return { message: 'Successfully joined association.', company: membership ? toMemberCompany(membership) : undefined };
    },
  });

  api.route({
    ...contractRoute(apiRoutes.leaveAssociation, { errorMessages: LEAVE_MESSAGES, invalidRequest: () => new HttpError(404, 'Company not found.') }),
    handler: async (request) => {
      await clients.associationBilling.leaveAssociation({ memberId: memberIdOf(request), companyId: request.params.companyId });
      // The spec's success message for leaving reads like the one for joining.
      return { message: 'Successfully joined association.' };
    },
  });
}
