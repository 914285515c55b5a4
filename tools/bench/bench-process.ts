import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import embeddedEnvironment from '../scripts/embedded-environment.json' with { type: 'json' };
import embeddedNodeFlags from '../scripts/embedded-node-flags.json' with { type: 'json' };

/**
 * The benchmark's processes: the product and the bare baseline each run in a child process of their own, so the load
 * generator (this process) never shares an event loop with what it measures. They are driven by IPC commands.
 */

type Command = { id: number; command: string; args: unknown };
type Reply = { id: number; result?: unknown; error?: string };
type Ready = { ready: { url: string } };

export type Handlers = Record<string, (args: never) => Promise<unknown>>;

/**
 * In the child: answers the parent's commands with the handlers, then says it is ready at `url`. When the parent
 * disconnects (to stop it, or because it died), `stop` runs and the process exits.
 */
export function serveCommands(url: string, handlers: Handlers, stop: () => Promise<void> = async () => undefined): void {
  process.on('message', (message: Command) => {
    const handler = handlers[message.command] as ((args: unknown) => Promise<unknown>) | undefined;
    const answer = (reply: Reply) => process.send?.(reply);
    if (!handler) {
      answer({ id: message.id, error: `unknown command ${message.command}` });
      return;
    }
    handler(message.args).then(
      (result) => answer({ id: message.id, result }),
      (error: unknown) => answer({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent stops a child by disconnecting; so does a parent that died.
  process.on('disconnect', () => {
    void stop().finally(() => process.exit(0));
  });
  process.send?.({ ready: { url } } satisfies Ready);
}

export class BenchProcess {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** From the fork to the child's "ready" (listening, composed, seeded with nothing). */
    readonly startMs: number,
  ) {
    child.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error === undefined) waiting.resolve(message.result);
      else waiting.reject(new Error(message.error));
    });
    child.on('exit', (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`bench process exited (${code})`));
      this.pending.clear();
    });
  }

  /**
   * Forks `script` (a TypeScript file beside this one) under tsx with `env` added, and waits until it is ready. With
   * `cpuProfileDir`, Node writes a CPU profile of the process there when it exits (open it in Chrome's DevTools).
   */
  static async start(
    script: string,
    env: Record<string, string>,
    options: { timeoutMs?: number; cpuProfileDir?: string; nodeFlags?: 'embedded' } = {},
  ): Promise<BenchProcess> {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const startedAt = performance.now();
    const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
      execArgv: [
        // The flags `npm start` runs the embedded product with.
        ...(options.nodeFlags === 'embedded' ? embeddedNodeFlags : []),
        '--import',
        'tsx',
        ...(options.cpuProfileDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfileDir] : []),
      ],
      // The environment `npm start` gives it too.
      env: { ...(options.nodeFlags === 'embedded' ? embeddedEnvironment : {}), ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script} was not ready within ${timeoutMs} ms`)), timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${script} exited (${code}) before it was ready`));
      });
      child.once('message', (message: Ready) => {
        clearTimeout(timer);
        resolve(message.ready.url);
      });
    });
    return new BenchProcess(child, url, performance.now() - startedAt);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  call<T>(command: string, args: unknown = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ id, command, args } satisfies Command);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.disconnect();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
