/** What is written to: the product's logger, or a request's child of it. */
type Logger = { warn(fields: object, message: string): void; error(fields: object, message: string): void };

/** Causes remembered at most; past it, every new cause shares one slot, so no request can grow the map. */
const DEFAULT_MAX_CAUSES = 1_000;

/** How often the failures of one cause on a path anyone can reach are logged at most. */
export const UNAUTHENTICATED_FAILURE_LOG_INTERVAL_MS = 60_000;

type Slot = { writtenAt: number; leftOut: number };

/**
 * For paths anyone can reach without an account (a login callback, an unknown provider): one line per cause per
 * interval, whatever the request rate, so a scripted client cannot flood the log or bury what else it says. The
 * next line of a cause tells how many of the same were left out since the last one (`repeated`).
 */
export class OncePerCauseLog {
  private readonly slots = new Map<string, Slot>();
  private readonly intervalMs: number;
  private readonly maxCauses: number;
  private readonly now: () => number;

  constructor(options: { intervalMs: number; maxCauses?: number; now?: () => number }) {
    this.intervalMs = options.intervalMs;
    this.maxCauses = options.maxCauses ?? DEFAULT_MAX_CAUSES;
    this.now = options.now ?? Date.now;
  }

  /** A refusal the product answered as it should: at warn, never with a stack. */
  warn(logger: Logger, cause: string, fields: Record<string, unknown>, message: string): void {
    const repeated = this.admit(cause);
    if (repeated !== undefined) logger.warn({ ...fields, cause, ...(repeated > 0 ? { repeated } : {}) }, message);
  }

  /** A failure of the product itself (a service down, a bug): at error with its stack, once per interval. */
  error(logger: Logger, cause: string, error: unknown, fields: Record<string, unknown>, message: string): void {
    const repeated = this.admit(cause);
    if (repeated !== undefined) logger.error({ ...fields, err: error, cause, ...(repeated > 0 ? { repeated } : {}) }, message);
  }

  /** How many lines of this cause were left out since the last one written, or undefined to leave this one out. */
  private admit(cause: string): number | undefined {
    const now = this.now();
    const key = this.slotFor(cause, now);
    const slot = this.slots.get(key);
    if (slot && now - slot.writtenAt < this.intervalMs) {
      slot.leftOut += 1;
      return undefined;
    }
    this.slots.set(key, { writtenAt: now, leftOut: 0 });
    return slot?.leftOut ?? 0;
  }

  private slotFor(cause: string, now: number): string {
    if (this.slots.has(cause) || this.slots.size < this.maxCauses) return cause;
    for (const [known, slot] of this.slots) {
      // A slot whose interval has passed holds only a count of lines left out, written with the next line of its
      // cause; forgetting it loses that count, not a line.
      if (now - slot.writtenAt >= this.intervalMs) this.slots.delete(known);
    }
    return this.slots.size < this.maxCauses ? cause : 'too many causes';
  }
}
