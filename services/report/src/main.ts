import { networkTransport, runServiceProcess } from '@swarm/runtime/process';
import { composeReportService } from './compose.js';
import { reportConfigShape } from './config.js';

await runServiceProcess({
  service: 'report',
  configShape: reportConfigShape,
  compose: (config, wiring) =>
    composeReportService(config, {
      ...wiring,
      peers: { member: networkTransport(config.MEMBER_SERVICE_URL), associationBilling: networkTransport(config.ASSOCIATION_BILLING_SERVICE_URL) },
    }),
});
