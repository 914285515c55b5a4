import { describe, expect, it } from 'vitest';
import { MemoryOutbox } from './memory-outbox.js';
import type { OutboxMessage } from './outbox.js';

const message = (id: string, minute: number): OutboxMessage => ({
  id,
  type: 'report.submitted',
  payload: new Uint8Array([minute]),
  createdAt: new Date(Date.UTC(2026, 5, 1, 12, minute)),
});

describe('MemoryOutbox', () => {
  it('hands out the pending messages oldest first, at most the limit', async () => {
    const outbox = new MemoryOutbox();
    outbox.append([message('b', 2), message('a', 1)]);
    outbox.append([message('c', 3)]);

    expect((await outbox.pending(2)).map((pending) => pending.id)).toEqual(['a', 'b']);
    expect((await outbox.pending(10)).map((pending) => pending.id)).toEqual(['a', 'b', 'c']);
  });

  it('no longer hands out a published message, nor takes it again when appended again', async () => {
    const outbox = new MemoryOutbox();
    outbox.append([message('a', 1), message('b', 2)]);
    await outbox.markPublished(['a', 'unknown']);
    outbox.append([message('a', 1), message('b', 2)]);

    expect(await outbox.pending(10)).toEqual([message('b', 2)]);
    await outbox.markPublished(['b']);
    expect(await outbox.pending(10)).toEqual([]);
  });
});
