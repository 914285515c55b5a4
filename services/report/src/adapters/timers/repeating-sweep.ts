import type { Logger } from '@swarm/runtime';

export type RepeatingSweep = { stop: () => Promise<void> };

/**
 * Runs `sweep` at once and then `intervalMs` after each run ends, never two at once. A run that fails is logged and
 * the next one tries again; `stop` waits for a run under way.
 */
export function startRepeatingSweep(sweep: () => Promise<unknown>, options: { intervalMs: number; logger: Logger; name: string }): RepeatingSweep {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    running = sweep()
      .then(
        () => undefined,
        (error: unknown) => options.logger.warn({ err: error, sweep: options.name }, 'sweep failed; the next one tries again'),
      )
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(run, options.intervalMs).unref();
      });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
