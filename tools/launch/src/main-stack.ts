import { createLogger, loadConfigOrExit, runMain, type Logger } from '@swarm/runtime';
import { ensureNats, ensureRedis, startJongodb } from './infrastructure.js';
import { stackConfigShape } from './launch-config.js';
import { startStack, type StackProcessName } from './stack.js';
import { GENERATED_KEYS_MESSAGE } from './web-push-keys.js';

const config = loadConfigOrExit(stackConfigShape);
const logger = createLogger({ service: 'stack', level: config.LOG_LEVEL });

/** Service output is passed through, one JSON line each, tagged with the process it came from. */
function relayOutput(name: StackProcessName, line: string, log: Logger): void {
  try {
    process.stdout.write(`${JSON.stringify({ process: name, ...JSON.parse(line) })}\n`);
  } catch {
    log.info({ process: name }, line);
  }
}

await runMain(logger, async (lifecycle) => {
  const nats = await ensureNats();
  lifecycle.onShutdown('nats', nats.stop);
  const redis = await ensureRedis();
  lifecycle.onShutdown('redis', redis.stop);
  let mongoUrl = config.MONGODB_URL;
  if (!mongoUrl) {
    const jongodb = await startJongodb();
    lifecycle.onShutdown('jongodb', jongodb.stop);
    mongoUrl = jongodb.url;
    logger.warn('MONGODB_URL is not set: using a MongoDB-compatible in-memory server (jongodb); data is lost at exit');
  }
  const stack = await startStack({
    natsUrl: nats.url,
    redisUrl: redis.url,
    mongoUrl,
    ports: { gateway: config.PORT, report: 8081, member: 8082, 'association-billing': 8083, notification: 8084, insights: 8085 },
    // GET /metrics of each process (Prometheus).
    metricsPorts: { gateway: 9090, report: 9091, member: 9092, 'association-billing': 9093, notification: 9094, insights: 9095 },
    env: { LOG_LEVEL: config.LOG_LEVEL },
    envOf: {
      gateway: { HOST: config.HOST, DEV_OUTBOX_ON_NETWORK: String(config.DEV_OUTBOX_ON_NETWORK), ...(config.PUBLIC_URL ? { PUBLIC_URL: config.PUBLIC_URL } : {}) },
    },
    onOutput: (name, line) => relayOutput(name, line, logger),
  });
  lifecycle.onShutdown('stack', stack.stop);
  if (stack.webPushKeysGenerated) logger.info(GENERATED_KEYS_MESSAGE);
  const url = `http://localhost:${config.PORT}`;
  logger.info({ url, mode: 'distributed', nats: nats.url, redis: redis.url }, 'Swarm Alert is running');
  process.stdout.write(`\nSwarm Alert is running at ${url}  (distributed mode: one process per service; Ctrl+C to stop)\n\n`);
});
