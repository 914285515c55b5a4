import { OpenIdProvider } from '@swarm/gateway';
import { createLogger, env, loadConfigOrExit, runMain } from '@swarm/runtime';
import { startEmbedded } from './embedded.js';
import { launchConfigShape } from './launch-config.js';

const config = loadConfigOrExit({ ...launchConfigShape, OPERATOR_RPC_PORT: env.port(8083) });
const logger = createLogger({ service: 'swarm-alert', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const product = await startEmbedded({
    port: config.PORT,
    host: config.HOST,
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
  logger.info({ url: product.url, mode: 'embedded' }, 'Swarm Alert is running');
  process.stdout.write(`\nSwarm Alert is running at ${product.url}  (embedded mode; Ctrl+C to stop)\n`);
  process.stdout.write(`Emails (login links) are not sent: read them at ${product.url}/dev/outbox\n\n`);
});
