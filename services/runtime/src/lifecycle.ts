import { ConfigError } from './config.js';
import type { Logger } from './logger.js';
import { routeProcessOutputToLogger } from './process-output.js';

type Closer = { name: string; close: () => Promise<void> };

/**
 * How long one component may take to close. A client waiting for a server that is down (Redis, NATS) would
 * otherwise hold the process forever after SIGTERM; past this the component is given up and shutdown goes on.
 */
const DEFAULT_CLOSE_TIMEOUT_MS = 15_000;

/**
 * Closes what a process opened, in the reverse order it was opened: the RPC server stops taking calls and
 * drains first, then consumers stop, then connections (NATS, Mongo, Redis) close.
 */
export class Lifecycle {
  private readonly closers: Closer[] = [];
  private shuttingDown: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly closeTimeoutMs = DEFAULT_CLOSE_TIMEOUT_MS,
  ) {}

  onShutdown(name: string, close: () => Promise<void>): void {
    this.closers.push({ name, close });
  }

  shutdown(reason: string): Promise<void> {
    this.shuttingDown ??= this.closeAll(reason);
    return this.shuttingDown;
  }

  /** SIGTERM/SIGINT shut down gracefully; the process then exits with 0, or 1 when something failed to close. */
  installSignalHandlers(): void {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        this.shutdown(signal).then(
          () => process.exit(0),
          () => process.exit(1),
        );
      });
    }
  }

  private async closeAll(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    let failed = false;
    for (const closer of [...this.closers].reverse()) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not close within ${this.closeTimeoutMs} ms`)), this.closeTimeoutMs);
        });
        await Promise.race([closer.close(), timedOut]);
        this.logger.debug({ component: closer.name }, 'closed');
      } catch (error) {
        failed = true;
        this.logger.error({ component: closer.name, err: error }, 'failed to close');
      } finally {
        clearTimeout(timer);
      }
    }
    this.logger.info('shut down');
    if (failed) throw new Error('one or more components failed to close');
  }
}

/**
 * Runs a service's start function; a failure to start is logged and ends the process. From here on, whatever a
 * library prints to the console reaches the output as a JSON log line.
 */
export async function runMain(logger: Logger, start: (lifecycle: Lifecycle) => Promise<void>): Promise<void> {
  routeProcessOutputToLogger(logger);
  const lifecycle = new Lifecycle(logger);
  lifecycle.installSignalHandlers();
  try {
    await start(lifecycle);
  } catch (error) {
    // A configuration found wrong while composing reads like one found wrong at load: plainly, naming the variable.
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else logger.fatal({ err: error }, 'failed to start');
    await lifecycle.shutdown('start failed').catch(() => undefined);
    process.exit(1);
  }
}
