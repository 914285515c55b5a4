import { Code, type ConnectRouter } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { toConnectError } from '@swarm/runtime';
import type { CreateAssociation } from '../../app/create-association.js';
import type { GetAssociation } from '../../app/get-association.js';
import type { AssociationErrorCode } from '../../domain/association-error.js';
import { toProtoAssociation } from './association-mapping.js';

const connectCodes: Record<AssociationErrorCode, Code> = {
  'ASSOCIATION.INVALID': Code.InvalidArgument,
  'ASSOCIATION.NOT_FOUND': Code.NotFound,
};

export function associationBillingServiceRoutes(useCases: { createAssociation: CreateAssociation; getAssociation: GetAssociation }) {
  return (router: ConnectRouter) => {
    router.service(AssociationBillingService, {
      async createAssociation(request) {
        try {
          const association = await useCases.createAssociation.execute({ companyName: request.companyName, donationUrl: request.donationUrl });
          return { association: toProtoAssociation(association) };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
      async getAssociation(request) {
        try {
          return { association: toProtoAssociation(await useCases.getAssociation.execute(request.companyId)) };
        } catch (error) {
          throw toConnectError(error, connectCodes);
        }
      },
    });
  };
}
