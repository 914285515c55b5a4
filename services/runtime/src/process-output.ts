import { format, inspect } from 'node:util';
import type { Logger } from './logger.js';

type ConsoleMethod = 'log' | 'info' | 'debug' | 'trace' | 'warn' | 'error' | 'dir';

const levels: Record<ConsoleMethod, 'info' | 'debug' | 'warn' | 'error'> = {
  log: 'info',
  info: 'info',
  debug: 'debug',
  trace: 'debug',
  warn: 'warn',
  error: 'error',
  dir: 'info',
};

/**
 * Makes the logger the only writer of the process's output: what a library prints with console.* (BullMQ's
 * fallback for an unhandled error, ioredis's "Unhandled error event", version and eviction-policy warnings…) and
 * Node's process warnings become JSON log lines marked `source: 'console'` or `'process-warning'`, so a log
 * collector never meets a line it cannot parse. Answers a function that puts everything back (for tests).
 */
export function routeProcessOutputToLogger(logger: Pick<Logger, 'info' | 'debug' | 'warn' | 'error'>): () => void {
  const methods = console as unknown as Record<ConsoleMethod, (...args: unknown[]) => void>;
  const originals = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  for (const method of Object.keys(levels) as ConsoleMethod[]) {
    originals.set(method, methods[method]);
    const level = levels[method];
    methods[method] = (...args: unknown[]) => {
      const message = method === 'dir' ? inspect(args[0]) : format(...args);
      logger[level]({ source: 'console' }, message);
    };
  }
  // Node prints warnings (deprecations, listener leaks…) to stderr through its own 'warning' listener.
  const defaultWarningListeners = process.listeners('warning');
  process.removeAllListeners('warning');
  const onWarning = (warning: Error) => logger.warn({ source: 'process-warning', err: warning }, warning.message);
  process.on('warning', onWarning);
  return () => {
    for (const [method, original] of originals) methods[method] = original;
    process.off('warning', onWarning);
    for (const listener of defaultWarningListeners) process.on('warning', listener);
  };
}
