import { createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import {
  buildAssociationBillingService,
  DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
  memoryAssociationBillingStores,
  type AssociationBillingStores,
} from '../association-billing-service.js';
import type { EmailMessage } from '../app/ports.js';
import type { AlertPrices } from '../domain/ledger.js';

/** A service on in-memory stores with a fixed clock, counting ids and a scripted random source, for tests. */
export function testAssociationBilling(options: { stores?: AssociationBillingStores; lowBalanceThresholdCents?: number; alertPrices?: AlertPrices } = {}) {
  const stores = options.stores ?? memoryAssociationBillingStores();
  const sent: EmailMessage[] = [];
  const warnings: string[] = [];
  let nextId = 0;
  let nextRandom = 0;
  const service = buildAssociationBillingService({
    ...stores,
    mailer: { send: async (message) => void sent.push(message) },
    log: { warn: (_details, message) => void warnings.push(message) },
    clock: { now: () => new Date('2026-06-01T12:00:00Z') },
    ids: { newId: () => `id-${(nextId += 1)}` },
    randomBelow: (bound) => (nextRandom += 1) % bound,
    lowBalanceThresholdCents: options.lowBalanceThresholdCents ?? DEFAULT_LOW_BALANCE_THRESHOLD_CENTS,
    ...(options.alertPrices ? { alertPrices: options.alertPrices } : {}),
  });
  const client: Client<typeof AssociationBillingService> = createClient(AssociationBillingService, createRouterTransport(service.routes));
  return { client, stores, sent, warnings, routes: service.routes };
}
