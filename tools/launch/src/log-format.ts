import type { RequestLogLevel } from '@swarm/gateway';
import type { createLogger } from '@swarm/runtime';
import pinoPretty from 'pino-pretty';

type LogDestination = NonNullable<Parameters<typeof createLogger>[0]['destination']>;

/** How the embedded product writes its logs. */
export type LogFormat = {
  /** Where every part's logger writes; absent: pino's JSON lines on stdout. */
  destination?: LogDestination;
  /** The level of the two lines each request writes. */
  requestLogLevel: RequestLogLevel;
};

/**
 * Readable lines for a person at a terminal; JSON lines wherever a program reads them (tests, CI, a pipe, a file, a
 * log collector), so nothing that parses the logs changes. On the terminal the per-request lines go to debug: a page
 * load is a dozen of them, and they buried the warnings a person starting the product needs to see.
 */
export function logFormatFor(stdout: { isTTY?: boolean }, prettyTo?: NodeJS.WritableStream): LogFormat {
  if (stdout.isTTY !== true) return { requestLogLevel: 'info' };
  return { destination: readableLines(prettyTo), requestLogLevel: 'debug' };
}

function readableLines(to: NodeJS.WritableStream | undefined): LogDestination {
  return pinoPretty({
    // As the JSON logger: the last lines before process.exit are neither lost nor reordered.
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    messageFormat: '{service}: {msg}',
    ignore: 'pid,hostname,service',
    ...(to ? { destination: to, colorize: false } : {}),
  });
}
