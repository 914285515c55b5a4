import { describe, expect, it } from 'vitest';
import pLimit from 'p-limit';

/** A task the test finishes when it chooses, recording when it started. */
function heldTasks(count: number) {
  const started: number[] = [];
  const finish: ((outcome: 'ok' | 'fail') => void)[] = [];
  const tasks = Array.from({ length: count }, (_, index) => async () => {
    started.push(index);
    const outcome = await new Promise<'ok' | 'fail'>((resolve) => (finish[index] = resolve));
    if (outcome === 'fail') throw new Error(`task ${index} failed`);
    return index;
  });
  return { started, finish, tasks };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** What the image processor relies on from p-limit for its decodes. */
describe('the decode limit (p-limit)', () => {
  it('runs at most its limit at once and starts the others in arrival order as slots free', async () => {
    const limit = pLimit(2);
    const { started, finish, tasks } = heldTasks(5);
    const results = tasks.map((task) => limit(task));
    await settled();
    expect(started).toEqual([0, 1]);
    finish[1]!('ok');
    await settled();
    expect(started).toEqual([0, 1, 2]);
    finish[0]!('ok');
    finish[2]!('ok');
    await settled();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finish[3]!('ok');
    finish[4]!('ok');
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = pLimit(1);
    const { started, finish, tasks } = heldTasks(2);
    const [first, second] = tasks.map((task) => limit(task));
    await settled();
    finish[0]!('fail');
    await expect(first).rejects.toThrow('task 0 failed');
    await settled();
    expect(started).toEqual([0, 1]);
    finish[1]!('ok');
    expect(await second).toBe(1);
  });

  it('lets a task that arrives when a slot is free start at once', async () => {
    const limit = pLimit(1);
    expect(await limit(async () => 'first')).toBe('first');
    expect(await limit(async () => 'second')).toBe('second');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the limit %s', (max) => {
    expect(() => pLimit(max)).toThrow(TypeError);
  });
});
