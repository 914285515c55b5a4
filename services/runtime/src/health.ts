export type HealthProbe = () => Promise<boolean>;

/** The named dependencies a process needs to serve; it is healthy only when every probe answers true. */
export class HealthRegistry {
  private readonly probes = new Map<string, HealthProbe>();

  register(name: string, probe: HealthProbe): void {
    this.probes.set(name, probe);
  }

  async check(timeoutMs = 2_000): Promise<{ healthy: boolean; failing: string[] }> {
    const results = await Promise.all(
      [...this.probes].map(async ([name, probe]) => ({ name, ok: await withTimeout(probe(), timeoutMs).catch(() => false) })),
    );
    const failing = results.filter((result) => !result.ok).map((result) => result.name);
    return { healthy: failing.length === 0, failing };
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
