import { isLoopbackListenAddress } from '@swarm/gateway';
import { createLogger, loadConfigOrExit, runMain } from '@swarm/runtime';
import { startEmbedded, type EmbeddedProduct } from './embedded.js';
import { embeddedConfigShape } from './launch-config.js';

const config = loadConfigOrExit(embeddedConfigShape);
const logger = createLogger({ service: 'swarm-alert', level: config.LOG_LEVEL });

/** What a newcomer needs to know at start: where it is, that it forgets everything, and who can read its outbox. */
function banner(product: EmbeddedProduct): string {
  const exposed = !isLoopbackListenAddress(product.host);
  return [
    '',
    `Swarm Alert is running at ${product.url}  (embedded mode; Ctrl+C to stop)`,
    `Listening on ${product.host}:${product.port}${exposed ? ' — reachable from other machines' : ' — this machine only'}.`,
    ...(product.publicUrl !== product.url ? [`Links in emails point at ${product.publicUrl}.`] : []),
    'Everything is kept in memory: reports, members, associations and balances are lost when it stops.',
    `Emails and SMS are not sent: read them at ${product.url}/dev/outbox (from this machine).`,
    ...(exposed ? ['WARNING: DEV_OUTBOX_ON_NETWORK=true: any machine that reaches this port can read the dev outbox and its login links.'] : []),
    '',
    '',
  ].join('\n');
}

// Every variable of the configuration reference applies, as in the distributed mode; only the store, the event bus,
// the alert scheduler and the transport between the parts are in memory.
await runMain(logger, async (lifecycle) => {
  const product = await startEmbedded({
    env: process.env,
    operatorRpcPorts: { 'association-billing': config.OPERATOR_RPC_PORT, notification: config.OPERATOR_NOTIFICATION_RPC_PORT },
    loggerFor: (service) => createLogger({ service, level: config.LOG_LEVEL }),
  });
  lifecycle.onShutdown('product', product.close);
  logger.info({ url: product.url, host: product.host, publicUrl: product.publicUrl, mode: 'embedded' }, 'Swarm Alert is running');
  process.stdout.write(banner(product));
});
