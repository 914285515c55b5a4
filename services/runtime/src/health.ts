export type HealthProbe = () => Promise<boolean>;

/**
 * The named dependencies of a process. It is healthy (serving, ready for traffic) only when every required probe
 * answers true; an optional one that fails only degrades it: the event bus, say, whose outage the outbox rides out,
 * so taking every replica out of rotation while NATS is away would turn a tolerated outage into a total one.
 */
export class HealthRegistry {
  private readonly probes = new Map<string, { probe: HealthProbe; required: boolean }>();

  register(name: string, probe: HealthProbe, options: { required?: boolean } = {}): void {
    this.probes.set(name, { probe, required: options.required ?? true });
  }

  async check(timeoutMs = 2_000): Promise<{ healthy: boolean; failing: string[]; degraded: string[] }> {
    const results = await Promise.all(
      [...this.probes].map(async ([name, { probe, required }]) => ({ name, required, ok: await withTimeout(probe(), timeoutMs).catch(() => false) })),
    );
    const failing = results.filter((result) => !result.ok && result.required).map((result) => result.name);
    const degraded = results.filter((result) => !result.ok && !result.required).map((result) => result.name);
    return { healthy: failing.length === 0, failing, degraded };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
