import type { Logger } from './logger.js';

/** The URL without its user and password, for logs; unparseable input is not echoed (it may hold a secret). */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[unparseable URL]';
  }
}

export type ConnectionWatchOptions = {
  /** The server's URL, logged without its credentials. */
  url?: string;
  /** While an outage lasts, a reminder with the count of errors since the last warning; 60 s when not given. */
  repeatWarningMs?: number;
  now?: () => number;
};

/**
 * Turns the error events of a client that reconnects on its own (ioredis, BullMQ) into a few log lines: one warning
 * when an outage starts, a reminder each `repeatWarningMs` while it lasts, and one line when the connection is back.
 * Every retry in between is logged at debug. Give `error` to the client's 'error' event (a client without an 'error'
 * listener prints raw stack traces, or crashes the process) and `ready` to its event for "connected again".
 */
export class ConnectionWatch {
  private outage: { since: number; errors: number; warnedAt: number; errorsSinceWarning: number } | undefined;
  private readonly fields: { component: string; url?: string };
  private readonly repeatWarningMs: number;
  private readonly now: () => number;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'info' | 'debug'>,
    component: string,
    options: ConnectionWatchOptions = {},
  ) {
    this.fields = { component, ...(options.url ? { url: withoutCredentials(options.url) } : {}) };
    this.repeatWarningMs = options.repeatWarningMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  readonly error = (error: unknown): void => {
    const now = this.now();
    if (!this.outage) {
      this.outage = { since: now, errors: 1, warnedAt: now, errorsSinceWarning: 0 };
      this.logger.warn({ ...this.fields, err: error }, `${this.fields.component} connection failed; retrying`);
      return;
    }
    this.outage.errors += 1;
    this.outage.errorsSinceWarning += 1;
    if (now - this.outage.warnedAt >= this.repeatWarningMs) {
      const { errorsSinceWarning } = this.outage;
      this.outage.warnedAt = now;
      this.outage.errorsSinceWarning = 0;
      this.logger.warn(
        { ...this.fields, err: error, downForMs: now - this.outage.since, errorsSinceLastWarning: errorsSinceWarning },
        `${this.fields.component} still unavailable; retrying`,
      );
      return;
    }
    this.logger.debug({ ...this.fields, err: error }, `${this.fields.component} connection failed again`);
  };

  readonly ready = (): void => {
    if (!this.outage) return;
    const { since, errors } = this.outage;
    this.outage = undefined;
    this.logger.info({ ...this.fields, downForMs: this.now() - since, errors }, `${this.fields.component} connection restored`);
  };
}
