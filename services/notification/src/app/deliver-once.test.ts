import { describe, expect, it } from 'vitest';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { DeliverOnce, SendTakenOverError, type ChannelAnswer, type HandOver } from './deliver-once.js';

const LEASE_MS = 60_000;
const message = { key: 'alert--r1--m1--submitted', purpose: 'alert-sms' as const, to: '5035550100', reportId: 'r1', memberId: 'm1' };

/**
 * Two runs of one message on one store and clock; `wait` moves the clock rather than sleeping, after letting happen
 * what `meanwhile` says happens in that time.
 */
function twoRuns(meanwhile: () => Promise<void> = async () => undefined) {
  let now = new Date('2026-06-01T12:00:00.000Z').getTime();
  const clock = { now: () => new Date(now) };
  const waited: number[] = [];
  const texts = new MemorySentTextRepository();
  let owners = 0;
  const run = () =>
    new DeliverOnce({
      texts,
      clock,
      sendLeaseMs: LEASE_MS,
      newOwnerId: () => `run-${(owners += 1)}`,
      wait: async (ms) => {
        waited.push(ms);
        await meanwhile();
        now += ms;
      },
    });
  return { texts, run, waited, advance: (ms: number) => (now += ms) };
}

/**
 * A channel that keeps a message waiting until told: before its hand-over (a pacer holding it for its turn), or after
 * it (a provider slow to answer).
 */
function slowChannel(waits: 'before hand-over' | 'after hand-over') {
  const handedOver: string[] = [];
  let finish: (() => void) | undefined;
  const send = (name: string) => async (_interrupted: unknown, handOver: HandOver): Promise<ChannelAnswer> => {
    if (waits === 'after hand-over') {
      await handOver();
      handedOver.push(name);
    }
    await new Promise<void>((resolve) => (finish = resolve));
    if (waits === 'before hand-over') {
      await handOver();
      handedOver.push(name);
    }
    return { kind: 'sent', providerId: `SM-${name}` };
  };
  return { handedOver, send, finish: () => finish?.() };
}

describe('DeliverOnce', () => {
  it('sends nothing beside a run that is still sending: the second run waits out its lease and finds it sent', async () => {
    const channel = slowChannel('after hand-over');
    let first: Promise<unknown> = Promise.resolve();
    // Within the lease the provider answers the first run (its call is given up after half the lease at most).
    const { run, waited } = twoRuns(async () => {
      channel.finish();
      await first;
    });
    first = run().deliver(message, channel.send('first'));
    await new Promise((resolve) => setImmediate(resolve));

    const second = run().deliver(message, async () => {
      throw new Error('the second run must not hand the message over');
    });

    expect(await first).toEqual({ outcome: 'sent', providerId: 'SM-first' });
    expect(await second).toEqual({ outcome: 'already-sent', providerId: 'SM-first' });
    expect(channel.handedOver).toEqual(['first']);
    expect(waited.length).toBeGreaterThan(0);
  });

  it('takes over, once its lease lapsed, a message whose run died, telling the channel it was interrupted', async () => {
    const { run, texts } = twoRuns();
    const dead = run().deliver(message, () => new Promise<ChannelAnswer>(() => undefined));
    await new Promise((resolve) => setImmediate(resolve));

    const interruptions: unknown[] = [];
    const retry = await run().deliver(message, async (interrupted) => {
      interruptions.push(interrupted);
      return { kind: 'sent', providerId: 'SM-found', found: true };
    });

    expect(retry).toEqual({ outcome: 'found-sent', providerId: 'SM-found' });
    expect(interruptions).toEqual([{ startedAt: new Date('2026-06-01T12:00:00.000Z') }]);
    expect(await texts.find(message.key)).toMatchObject({ state: 'sent', owner: 'run-2' });
    void dead;
  });

  it('stops a run whose message another run took over while it waited for its turn: it hands nothing over', async () => {
    const { run, advance } = twoRuns();
    const channel = slowChannel('before hand-over');
    const paced = run().deliver(message, channel.send('paced'));
    await new Promise((resolve) => setImmediate(resolve));
    // The paced run waits for its slot longer than its lease: the job is taken back and run again, which takes over.
    advance(LEASE_MS + 1);
    const again = await run().deliver(message, async (_interrupted, handOver) => {
      await handOver();
      return { kind: 'sent', providerId: 'SM-again' };
    });
    channel.finish();

    await expect(paced).rejects.toBeInstanceOf(SendTakenOverError);
    expect(again).toEqual({ outcome: 'sent', providerId: 'SM-again' });
    expect(channel.handedOver).toEqual([]);
  });

  it('lets the next attempt look the message up at once when a hand-over failed and is over', async () => {
    const { run, waited } = twoRuns();
    await expect(run().deliver(message, async () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');

    const retry = await run().deliver(message, async (interrupted) => ({ kind: 'sent', providerId: interrupted ? 'SM-retry' : 'SM-new' }));

    expect(retry).toEqual({ outcome: 'sent', providerId: 'SM-retry' });
    expect(waited).toEqual([]);
  });
});
