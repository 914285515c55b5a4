import { describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from './dev-outbox-sms-sender.js';

describe('DevOutboxSmsSender', () => {
  it('lists sent messages newest first', async () => {
    const outbox = new DevOutboxSmsSender();
    await outbox.send({ to: '5035550100', body: 'first', idempotencyKey: 'a' });
    await outbox.send({ to: '5035550101', body: 'second', idempotencyKey: 'b' });
    expect(outbox.list().map((m) => m.body)).toEqual(['second', 'first']);
    expect(outbox.list()[0]).toMatchObject({ to: '5035550101', idempotencyKey: 'b' });
  });

  it('keeps only the newest messages up to its capacity', async () => {
    const outbox = new DevOutboxSmsSender({ capacity: 2 });
    for (const key of ['a', 'b', 'c']) await outbox.send({ to: '5035550100', body: key, idempotencyKey: key });
    expect(outbox.list().map((m) => m.body)).toEqual(['c', 'b']);
  });

  it('does not send twice for the same idempotency key', async () => {
    const outbox = new DevOutboxSmsSender();
    const first = await outbox.send({ to: '5035550100', body: 'x', idempotencyKey: 'k' });
    const again = await outbox.send({ to: '5035550100', body: 'x', idempotencyKey: 'k' });
    expect(again.providerId).toBe(first.providerId);
    expect(outbox.list()).toHaveLength(1);
  });
});
