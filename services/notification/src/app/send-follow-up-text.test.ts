import { beforeEach, describe, expect, it } from 'vitest';
import { DevOutboxSmsSender } from '../adapters/dev-outbox/dev-outbox-sms-sender.js';
import { ManualClock } from '../adapters/alert-scheduler.contract.js';
import { InProcessAlertScheduler } from '../adapters/scheduler/in-process-alert-scheduler.js';
import { MemorySentTextRepository } from '../adapters/memory/memory-sent-text-repository.js';
import { MemorySmsOptOutRepository } from '../adapters/memory/memory-sms-opt-out-repository.js';
import { RecordingReporterTextEvents, silentLog } from '../testing/dispatch-fakes.js';
import { SmsRefusedError, type SmsMessage, type SmsSender } from './ports/sms.js';
import { QueueText, SendFollowUpText, type FollowUpText } from './send-follow-up-text.js';

const NOW = new Date('2026-06-01T18:00:00Z');
const text: FollowUpText = { key: 'location--r1--m1--x', purpose: 'claimer-location', to: '5035550101', reportId: 'r1', memberId: 'm1', body: 'Swarm 04217 is yours: 1 Hive Way' };

/** Takes the message and loses the answer `lostAnswers` times; refuses for good while `refuse` is set. */
class LossyProvider implements SmsSender {
  readonly outbox = new DevOutboxSmsSender();
  lostAnswers = 0;
  down = 0;
  refuse: string | undefined;
  async send(message: SmsMessage) {
    if (this.refuse) throw new SmsRefusedError(this.refuse);
    if (this.down > 0) {
      this.down -= 1;
      throw new Error('connect ECONNREFUSED');
    }
    const sent = await this.outbox.send(message);
    if (this.lostAnswers > 0) {
      this.lostAnswers -= 1;
      throw new Error('socket hang up');
    }
    return sent;
  }
  findSent(message: SmsMessage) {
    return this.outbox.findSent(message);
  }
}

describe('SendFollowUpText', () => {
  let sms: LossyProvider;
  let texts: MemorySentTextRepository;
  let optOuts: MemorySmsOptOutRepository;
  let send: SendFollowUpText;
  beforeEach(() => {
    sms = new LossyProvider();
    texts = new MemorySentTextRepository();
    optOuts = new MemorySmsOptOutRepository();
    send = new SendFollowUpText({ texts, optOuts, sms, reporterTexts: new RecordingReporterTextEvents(), clock: new ManualClock(NOW), log: silentLog });
  });

  it('sends once per key, recording the provider id', async () => {
    expect(await send.execute(text)).toBe('sent');
    expect(await send.execute(text)).toBe('already-sent');
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await texts.find(text.key)).toMatchObject({ state: 'sent', providerId: sms.outbox.list()[0]?.providerId });
  });

  it('finds at the provider a text whose answer was lost, and does not send it again', async () => {
    sms.lostAnswers = 1;
    await expect(send.execute(text)).rejects.toThrow('socket hang up');
    expect(await send.execute(text)).toBe('found-sent');
    expect(sms.outbox.list()).toHaveLength(1);
    expect(await texts.find(text.key)).toMatchObject({ state: 'sent' });
  });

  it('sends on the retry a text the provider never got', async () => {
    sms.down = 1;
    await expect(send.execute(text)).rejects.toThrow('ECONNREFUSED');
    expect(await send.execute(text)).toBe('sent');
    expect(sms.outbox.list()).toHaveLength(1);
  });

  it("gives nothing up on a last attempt that lost the text to another run of its job: that run settles it", async () => {
    // The other run took the text over while this one waited for its turn: this one's hand-over fails.
    const overtaken: SmsSender = {
      send: async (_message, handOver) => {
        await texts.claimInterrupted(text.key, { owner: 'the other run', at: NOW, staleBefore: new Date(NOW.getTime() + 1) });
        await handOver?.();
        throw new Error('the overtaken run must not send');
      },
      findSent: async () => undefined,
    };
    const lastAttempt = new SendFollowUpText({ texts, optOuts, sms: overtaken, reporterTexts: new RecordingReporterTextEvents(), clock: new ManualClock(NOW), log: silentLog });

    expect(await lastAttempt.execute(text, { final: true })).toBe('in-progress');
    expect(await texts.find(text.key)).toMatchObject({ state: 'sending', owner: 'the other run' });
  });

  it('keeps a refused text as failed, and a last attempt with the provider down too', async () => {
    sms.refuse = 'Twilio 21610: unsubscribed';
    expect(await send.execute(text)).toBe('refused');
    expect(await texts.find(text.key)).toMatchObject({ state: 'failed', failedReason: 'Twilio 21610: unsubscribed' });
    sms.refuse = undefined;
    expect(await send.execute(text)).toBe('refused');

    sms.down = 1;
    expect(await send.execute({ ...text, key: 'k2' }, { final: true })).toBe('refused');
    expect(sms.outbox.list()).toEqual([]);
  });

  it('sends nothing to a number that replied STOP', async () => {
    await optOuts.optOut(text.to, NOW);
    expect(await send.execute(text)).toBe('opted-out');
    expect(sms.outbox.list()).toEqual([]);
  });
});

describe('QueueText', () => {
  it('queues the text as a job of its own, due now, that a later cancel of the report leaves due', async () => {
    const clock = new ManualClock(NOW);
    const scheduler = new InProcessAlertScheduler(clock);
    await new QueueText({ scheduler, clock }).queue(text);
    await scheduler.cancelForReport('r1');
    expect(await scheduler.pending()).toEqual([{ job: { kind: 'text', jobId: 'text--location--r1--m1--x', reportId: 'r1', text }, runAt: NOW }]);
  });
});
