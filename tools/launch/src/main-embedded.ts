import { createLogger, loadConfigOrExit, runMain } from '@swarm/runtime';
import { startEmbedded } from './embedded.js';
import { launchConfigShape } from './launch-config.js';

const config = loadConfigOrExit(launchConfigShape);
const logger = createLogger({ service: 'swarm-alert', level: config.LOG_LEVEL });

await runMain(logger, async (lifecycle) => {
  const product = await startEmbedded({
    port: config.PORT,
    host: config.HOST,
    staticDir: config.STATIC_DIR,
    reportImageMaxBytes: config.REPORT_IMAGE_MAX_BYTES,
    loggerFor: (service) => createLogger({ service, level: config.LOG_LEVEL }),
  });
  lifecycle.onShutdown('product', product.close);
  logger.info({ url: product.url, mode: 'embedded' }, 'Swarm Alert is running');
  process.stdout.write(`\nSwarm Alert is running at ${product.url}  (embedded mode; Ctrl+C to stop)\n\n`);
});
