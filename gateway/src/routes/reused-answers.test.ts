import { describe, expect, it } from 'vitest';
import { ReusedAnswers } from './reused-answers.js';

function answersAt(options: { reuseMs: number; maxKept: number }) {
  let now = 1_000_000;
  const answers = new ReusedAnswers<string>({ ...options, now: () => now });
  let writes = 0;
  const write = (text: string) => async () => {
    writes += 1;
    return text;
  };
  return { answers, write, writes: () => writes, advance: (ms: number) => (now += ms) };
}

describe('ReusedAnswers', () => {
  it('sends an answer again, unwritten, until reuseMs have passed since it was written', async () => {
    const { answers, write, writes, advance } = answersAt({ reuseMs: 5_000, maxKept: 10 });
    expect(await answers.answer('a', write('first'))).toBe('first');
    advance(4_999);
    expect(await answers.answer('a', write('second'))).toBe('first');
    expect(writes()).toBe(1);
    advance(1);
    expect(await answers.answer('a', write('third'))).toBe('third');
    expect(writes()).toBe(2);
  });

  it('keeps each key its own answer', async () => {
    const { answers, write } = answersAt({ reuseMs: 5_000, maxKept: 10 });
    expect(await answers.answer('a', write('for a'))).toBe('for a');
    expect(await answers.answer('b', write('for b'))).toBe('for b');
    expect(await answers.answer('a', write('again'))).toBe('for a');
  });

  it('lets requests arriving while an answer is written wait for that one', async () => {
    const { answers } = answersAt({ reuseMs: 5_000, maxKept: 10 });
    let finish: (text: string) => void = () => undefined;
    let writes = 0;
    const slow = () => {
      writes += 1;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = answers.answer('a', slow);
    const second = answers.answer('a', slow);
    finish('written once');
    expect(await Promise.all([first, second])).toEqual(['written once', 'written once']);
    expect(writes).toBe(1);
  });

  it('does not keep a failed answer', async () => {
    const { answers, write } = answersAt({ reuseMs: 5_000, maxKept: 10 });
    await expect(answers.answer('a', () => Promise.reject(new Error('insights unavailable')))).rejects.toThrow('insights unavailable');
    expect(await answers.answer('a', write('after the failure'))).toBe('after the failure');
  });

  it('forgets the oldest beyond maxKept', async () => {
    const { answers, write, writes } = answersAt({ reuseMs: 5_000, maxKept: 2 });
    await answers.answer('a', write('a'));
    await answers.answer('b', write('b'));
    await answers.answer('c', write('c'));
    expect(writes()).toBe(3);
    expect(await answers.answer('c', write('c again'))).toBe('c');
    expect(await answers.answer('a', write('a rewritten'))).toBe('a rewritten');
    expect(writes()).toBe(4);
  });
});
