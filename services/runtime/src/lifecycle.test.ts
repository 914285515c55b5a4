import { testLogger } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { Lifecycle } from './lifecycle.js';

describe('Lifecycle', () => {
  it('closes components in the reverse order they were opened', async () => {
    const closed: string[] = [];
    const lifecycle = new Lifecycle(testLogger());
    for (const name of ['mongo', 'event bus', 'rpc server']) lifecycle.onShutdown(name, async () => void closed.push(name));
    await lifecycle.shutdown('test');
    expect(closed).toEqual(['rpc server', 'event bus', 'mongo']);
  });

  it('gives up a component that never closes (a client waiting for a server that is down) and closes the rest', async () => {
    const closed: string[] = [];
    const lifecycle = new Lifecycle(testLogger(), 50);
    lifecycle.onShutdown('mongo', async () => void closed.push('mongo'));
    lifecycle.onShutdown('redis', () => new Promise<void>(() => undefined));
    lifecycle.onShutdown('rpc server', async () => void closed.push('rpc server'));
    await expect(lifecycle.shutdown('test')).rejects.toThrow('one or more components failed to close');
    expect(closed).toEqual(['rpc server', 'mongo']);
  });
});
