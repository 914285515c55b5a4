import { queuedJobSpan, type SpanSpec } from '@swarm/runtime';
import type { ReportTimer } from '../../app/ports.js';
import { reportTimerId } from './timer-id.js';

/** The span of one run of a lifecycle timer: `process {queue}`, as an alert job's. */
export function reportTimerSpan(timer: ReportTimer, where: { system: 'bullmq' | 'in-process'; queue: string }): SpanSpec {
  return queuedJobSpan(where, reportTimerId(timer), { 'swarm.timer.kind': timer.kind, 'swarm.report.id': timer.reportId });
}
