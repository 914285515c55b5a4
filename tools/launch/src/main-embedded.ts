import { OpenIdProvider, isLoopbackListenAddress } from '@swarm/gateway';
import { createLogger, env, loadConfigOrExit, runMain } from '@swarm/runtime';
import { startEmbedded, type EmbeddedProduct } from './embedded.js';
import { launchConfigShape } from './launch-config.js';

const config = loadConfigOrExit({ ...launchConfigShape, OPERATOR_RPC_PORT: env.port(8083) });
const logger = createLogger({ service: 'swarm-alert', level: config.LOG_LEVEL });
if (!isLoopbackListenAddress(config.HOST) && !config.DEV_OUTBOX_ON_NETWORK) {
  process.stderr.write(
    `Invalid configuration:\n  HOST: ${config.HOST} is reachable from other machines, and the embedded product's dev outbox would show them every login link; leave HOST unset (127.0.0.1) or set DEV_OUTBOX_ON_NETWORK=true to serve it anyway\n`,
  );
  process.exit(1);
}

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

await runMain(logger, async (lifecycle) => {
  const product = await startEmbedded({
    port: config.PORT,
    host: config.HOST,
    devOutboxOnNetwork: config.DEV_OUTBOX_ON_NETWORK,
    staticDir: config.STATIC_DIR,
    reportImageMaxBytes: config.REPORT_IMAGE_MAX_BYTES,
    imageDecodeConcurrency: config.IMAGE_DECODE_CONCURRENCY,
    operatorRpcPort: config.OPERATOR_RPC_PORT,
    ...(config.PUBLIC_URL ? { publicUrl: config.PUBLIC_URL } : {}),
    loginLinkTtlMs: config.MAGIC_LINK_TTL_MINUTES * 60_000,
    openIdProviders: {
      google:
        config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
          ? new OpenIdProvider({ name: 'google', issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET })
          : undefined,
    },
    loggerFor: (service) => createLogger({ service, level: config.LOG_LEVEL }),
  });
  lifecycle.onShutdown('product', product.close);
  logger.info({ url: product.url, host: product.host, publicUrl: product.publicUrl, mode: 'embedded' }, 'Swarm Alert is running');
  process.stdout.write(banner(product));
});
