import type { ConnectRouter } from '@connectrpc/connect';
import { CreateAssociation } from './app/create-association.js';
import { GetAssociation } from './app/get-association.js';
import type { AssociationRepository, Clock, IdGenerator } from './app/ports.js';
import { associationBillingServiceRoutes } from './adapters/rpc/association-billing-service-routes.js';

/** Wires the association and billing use cases to the adapters main.ts (or the embedded launcher) chose. */
export function buildAssociationBillingService(ports: { associations: AssociationRepository; clock: Clock; ids: IdGenerator }): {
  routes: (router: ConnectRouter) => void;
} {
  const createAssociation = new CreateAssociation(ports.associations, ports.clock, ports.ids);
  const getAssociation = new GetAssociation(ports.associations);
  return { routes: associationBillingServiceRoutes({ createAssociation, getAssociation }) };
}
