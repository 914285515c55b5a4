import { createClient, createRouterTransport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { HealthRegistry, InProcessEventBus, loadConfig, Metrics } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { composeAssociationBillingService } from './compose.js';
import { associationBillingConfigShape } from './config.js';

describe('composeAssociationBillingService', () => {
  it('prices each alert channel as the configuration says', async () => {
    const config = loadConfig(associationBillingConfigShape, { STORE: 'memory', ALERT_PRICE_SMS_CENTS: '9', ALERT_PRICE_PUSH_CENTS: '3' });
    const logger = testLogger();
    const { routes } = await composeAssociationBillingService(config, {
      logger,
      lifecycle: { onShutdown: () => undefined },
      health: new HealthRegistry(),
      bus: new InProcessEventBus(logger),
      metrics: new Metrics({ processMetrics: false }),
    });
    const client = createClient(AssociationBillingService, createRouterTransport(routes));
    const { association } = await client.createAssociation({ companyName: 'Bees', donationUrl: '' });
    const companyId = association!.companyId;
    await client.topUp({ companyId, amountCents: 1001 });
    const { activationCode } = await client.issueActivationCode({ companyId });
    await client.joinAssociation({ memberId: 'member-1', activationCode });

    const prices = [];
    for (const channel of [AlertChannel.SMS, AlertChannel.PUSH, AlertChannel.EMAIL]) {
      prices.push((await client.chargeAlert({ reportId: 'report-1', memberId: 'member-1', companyId, channel })).priceCents);
    }
    expect(prices).toEqual([9, 3, 0]);
    expect((await client.getBalance({ companyId })).balanceCents).toBe(989);
  });
});
