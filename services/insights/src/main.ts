import { networkTransport, runServiceProcess } from '@swarm/runtime/process';
import { composeInsightsService } from './compose.js';
import { insightsConfigShape } from './config.js';

await runServiceProcess({
  service: 'insights',
  configShape: insightsConfigShape,
  compose: (config, wiring) =>
    composeInsightsService(config, {
      ...wiring,
      peers: { member: networkTransport(config.MEMBER_SERVICE_URL), associationBilling: networkTransport(config.ASSOCIATION_BILLING_SERVICE_URL) },
    }),
});
