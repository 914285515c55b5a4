/**
 * Runs at most `max` tasks at once; the others wait in arrival order. A task's slot is freed when it settles,
 * whether it succeeded or failed.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`a concurrency limit is a positive integer, not ${max}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, so a newcomer can never overtake it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
