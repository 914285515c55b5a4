import { Metrics } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import type { SmsSender } from '../../app/ports/sms.js';
import { InProcessSendPacer } from '../pacing/send-pacer.js';
import { InProcessAlertScheduler } from '../scheduler/in-process-alert-scheduler.js';
import { alertJobCreatedAt, withinAlertJob, withinReportDispatch } from './alert-job-context.js';
import { MeteredSendPacer, MeteredSmsSender } from './metered-sms.js';

/** A series' value in the text exposition (`swarm_sms_sent_total`, `swarm_alert_latency_seconds_count`…). */
async function sample(metrics: Metrics, series: string): Promise<number | undefined> {
  const line = (await metrics.registry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const message = { to: '5035550100', body: 'Swarm Alert: …', idempotencyKey: 'alert--r1--m1--submitted' };

describe('MeteredSmsSender', () => {
  it('counts accepted and refused SMS, and times an alert SMS from its job’s creation', async () => {
    const metrics = new Metrics({ processMetrics: false });
    let refuse = false;
    const provider: SmsSender = {
      send: async () => {
        if (refuse) throw new Error('provider refused');
        return { providerId: 'SM1' };
      },
      findSent: async () => undefined,
    };
    const now = Date.parse('2026-05-01T12:00:42Z');
    const sms = new MeteredSmsSender(provider, metrics, () => now);

    await withinAlertJob({ createdAt: new Date('2026-05-01T12:00:00Z') }, () => sms.send(message));
    // Outside an alert job (a location SMS, a reply): counted, but no alert latency.
    await sms.send(message);
    refuse = true;
    await expect(withinAlertJob({ createdAt: new Date(now) }, () => sms.send(message))).rejects.toThrow('provider refused');

    expect(await sample(metrics, 'swarm_sms_sent_total')).toBe(2);
    expect(await sample(metrics, 'swarm_sms_failed_total')).toBe(1);
    expect(await sample(metrics, 'swarm_alert_latency_seconds_count')).toBe(1);
    expect(await sample(metrics, 'swarm_alert_latency_seconds_sum')).toBe(42);
  });
});

describe('MeteredSendPacer', () => {
  it('counts the sends that waited for their sender’s pace and for how long', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const pacer = new MeteredSendPacer(new InProcessSendPacer(() => 1_000), metrics);
    await pacer.reserveSlot('+15035550199', 1_000);
    await pacer.reserveSlot('+15035550199', 1_000);
    await pacer.reserveSlot('+15035550199', 1_000);
    expect(await sample(metrics, 'swarm_sms_paced_total')).toBe(2);
    expect(await sample(metrics, 'swarm_sms_pace_wait_seconds_total')).toBe(3);
  });
});

describe('alert timing through the scheduler', () => {
  const job = { kind: 'alert' as const, jobId: 'alert--r1--m1', reportId: 'r1', memberId: 'm1', companyId: 'c1', companyName: 'Bees', distanceMiles: 1, round: 'submitted' };

  it('starts an alert at its report’s submission when scheduled while dispatching the report, else at scheduling', async () => {
    let now = new Date('2026-05-01T12:00:10Z');
    const scheduler = new InProcessAlertScheduler({ now: () => now });
    const began: (Date | undefined)[] = [];
    await scheduler.start(async () => {
      began.push(alertJobCreatedAt());
      return { kind: 'done' };
    });
    await withinReportDispatch({ submittedAt: new Date('2026-05-01T12:00:00Z') }, () => scheduler.schedule(job, now));
    await scheduler.runDue();
    await scheduler.schedule({ ...job, round: 'unclaimed-1' }, now);
    now = new Date('2026-05-01T12:05:00Z');
    await scheduler.runDue();
    await scheduler.close();
    expect(began).toEqual([new Date('2026-05-01T12:00:00Z'), new Date('2026-05-01T12:00:10Z')]);
  });
});
