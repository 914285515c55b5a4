import { pino, type Logger } from 'pino';

/** A logger for tests: silent unless TEST_LOG_LEVEL asks for output. */
export function testLogger(): Logger {
  return pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}
