import { describe, expect, it } from 'vitest';
import { HealthRegistry } from './health.js';

describe('HealthRegistry', () => {
  it('is unhealthy when a required dependency fails or does not answer in time', async () => {
    const health = new HealthRegistry();
    health.register('mongo', async () => true);
    health.register('redis', async () => false);
    health.register('slow', () => new Promise((resolve) => setTimeout(() => resolve(true), 200)));
    expect(await health.check(50)).toEqual({ healthy: false, failing: ['redis', 'slow'], degraded: [] });
  });

  it('stays healthy, only degraded, when an optional dependency fails (the event bus while the outbox holds events)', async () => {
    const health = new HealthRegistry();
    health.register('mongo', async () => true);
    health.register('event bus', async () => {
      throw new Error('NATS is down');
    }, { required: false });
    expect(await health.check()).toEqual({ healthy: true, failing: [], degraded: ['event bus'] });
  });
});
