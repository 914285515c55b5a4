// Time, and where a use case tells what it decided.

export interface Clock {
  now(): Date;
}

/** Where a use case tells what it decided and why (a pino logger fits). */
export interface DispatchLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
