import { networkTransport, runServiceProcess } from '@swarm/runtime/process';
import { composeNotificationService } from './compose.js';
import { notificationConfigShape } from './config.js';

await runServiceProcess({
  service: 'notification',
  configShape: notificationConfigShape,
  compose: (config, wiring) =>
    composeNotificationService(config, {
      ...wiring,
      peers: {
        member: networkTransport(config.MEMBER_SERVICE_URL),
        report: networkTransport(config.REPORT_SERVICE_URL),
        associationBilling: networkTransport(config.ASSOCIATION_BILLING_SERVICE_URL),
      },
    }),
});
