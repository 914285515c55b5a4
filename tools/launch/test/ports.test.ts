import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/ports.js';

describe('freePort in a test worker', () => {
  it("hands out ports of the worker's own range, below the system's ephemeral ports, each free and none twice", async () => {
    expect(Number(process.env.VITEST_POOL_ID)).toBeGreaterThanOrEqual(1);
    const ports = [await freePort(), await freePort(), await freePort()];
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(16_000);
      expect(port).toBeLessThan(32_000);
    }
    expect(new Set(ports).size).toBe(3);
    // The next one is skipped over while something listens on it.
    const blocker = createServer();
    const taken = (ports[2] ?? 0) + 1;
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve));
    try {
      expect(await freePort()).toBe(taken + 1);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
