import { isLoopbackListenAddress } from '@swarm/gateway';
import { createLogger, loadConfigOrExit, runMain } from '@swarm/runtime';
import { startEmbedded, type EmbeddedProduct, type OperatorRpcPorts } from './embedded.js';
import { embeddedConfigShape } from './launch-config.js';
import { logFormatFor } from './log-format.js';

const config = loadConfigOrExit(embeddedConfigShape);
const logFormat = logFormatFor(process.stdout);
const loggerFor = (service: string) => createLogger({ service, level: config.LOG_LEVEL, ...(logFormat.destination ? { destination: logFormat.destination } : {}) });
const logger = loggerFor('swarm-alert');

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
    ...operatorLines(product.operatorRpc),
    '',
    '',
  ].join('\n');
}

/** The operator CLI's defaults (tools/operator): a product on other ports must be named to it. */
const OPERATOR_CLI_DEFAULTS = { 'association-billing': 8083, insights: 8085, member: 8082 } as const;
const OPERATOR_VARIABLES = {
  'association-billing': { port: 'OPERATOR_RPC_PORT', url: 'ASSOCIATION_BILLING_SERVICE_URL' },
  insights: { port: 'OPERATOR_INSIGHTS_RPC_PORT', url: 'INSIGHTS_SERVICE_URL' },
  member: { port: 'OPERATOR_MEMBER_RPC_PORT', url: 'MEMBER_SERVICE_URL' },
} as const;

/** Where the operator CLI reaches this product, and how to point it here when the ports are not its defaults. */
function operatorLines(ports: OperatorRpcPorts): string[] {
  const lines: string[] = [];
  const elsewhere: string[] = [];
  for (const part of ['association-billing', 'insights', 'member'] as const) {
    const bound = ports[part];
    if (!bound) continue;
    if ('unavailable' in bound) {
      lines.push(
        `WARNING: port ${bound.unavailable} for the operator CLI (${part}) is taken, perhaps by another Swarm Alert: the CLI cannot reach this one. Set ${OPERATOR_VARIABLES[part].port} (0 picks a free port).`,
      );
      continue;
    }
    lines.push(`Operator CLI (${part}): 127.0.0.1:${bound.port}.`);
    if (bound.port !== OPERATOR_CLI_DEFAULTS[part]) elsewhere.push(`${OPERATOR_VARIABLES[part].url}=http://127.0.0.1:${bound.port}`);
  }
  if (elsewhere.length > 0) lines.push(`Run it against this product with: ${elsewhere.join(' ')} npm run operator -- …`);
  return lines;
}

// Every variable of the configuration reference applies, as in the distributed mode; only the store, the event bus,
// the alert scheduler and the transport between the parts are in memory.
await runMain(logger, async (lifecycle) => {
  const product = await startEmbedded({
    env: process.env,
    operatorRpcPorts: { 'association-billing': config.OPERATOR_RPC_PORT, insights: config.OPERATOR_INSIGHTS_RPC_PORT, member: config.OPERATOR_MEMBER_RPC_PORT },
    loggerFor,
    requestLogLevel: logFormat.requestLogLevel,
  });
  lifecycle.onShutdown('product', product.close);
  logger.info({ url: product.url, host: product.host, publicUrl: product.publicUrl, operatorRpc: product.operatorRpc, mode: 'embedded' }, 'Swarm Alert is running');
  process.stdout.write(banner(product));
});
