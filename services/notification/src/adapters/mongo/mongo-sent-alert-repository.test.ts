import type { OutboxMessage } from '@swarm/runtime';
import { MongoOutbox, RecoveringOutbox } from '@swarm/runtime/mongo';
import { mongoSuite } from '@swarm/testing';
import { expect, it } from 'vitest';
import { sentAlertRepositoryContract } from '../sent-alert-repository.contract.js';
import { MongoSentAlertRepository } from './mongo-sent-alert-repository.js';

/** An outbox whose appends fail while `failing` is set: a crash or lost connection right after the record. */
class FlakyOutbox extends MongoOutbox {
  failing = false;
  override async appendIfAbsent(messages: OutboxMessage[]): Promise<void> {
    if (this.failing) throw new Error('connection lost');
    return super.appendIfAbsent(messages);
  }
}

mongoSuite('SentAlertRepository contract: MongoDB', (newDatabase, target) => {
  sentAlertRepositoryContract(target.tier, async () => {
    const { db } = await newDatabase();
    const outbox = new MongoOutbox(db);
    const sentAlerts = new MongoSentAlertRepository(db, outbox);
    await sentAlerts.ensureIndexes();
    return { sentAlerts, outbox };
  });

  it('keeps a sent alert and moves its AlertSent to the outbox later when the outbox write failed', async () => {
    const { db } = await newDatabase();
    const outbox = new FlakyOutbox(db);
    const sentAlerts = new MongoSentAlertRepository(db, outbox);
    await sentAlerts.ensureIndexes();
    const relayed = new RecoveringOutbox(outbox, [sentAlerts]);
    const startedAt = new Date('2026-06-01T12:00:00Z');
    const sentAt = new Date('2026-06-01T12:00:01Z');
    outbox.failing = true;
    const outcome = await sentAlerts.recordSent(
      { sendKey: 'send-1', reportId: 'report-1', memberId: 'member-1', companyId: 'company-1', companyName: 'Bees', distanceMiles: 1, state: 'sent', startedAt, sentAt, providerId: 'SM1' },
      { kind: 'alert.sent', eventId: 'alert-sent--send-1', reportId: 'report-1', memberId: 'member-1', companyId: 'company-1', companyName: 'Bees', distanceMiles: 1, sentAt, sendKey: 'send-1', costCents: 7, channels: ['sms'], smsPriceCents: 7 },
    );
    expect(outcome).toBe('recorded');
    expect((await sentAlerts.find('send-1'))?.state).toBe('sent');
    outbox.failing = false;
    expect(await outbox.pending(10)).toEqual([]);
    expect((await relayed.pending(10)).map((message) => [message.id, message.type])).toEqual([['alert-sent--send-1', 'alert.sent']]);
    await relayed.markPublished(['alert-sent--send-1']);
    expect(await relayed.pending(10)).toEqual([]);
  });
});
