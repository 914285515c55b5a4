import { queuedJobSpan, type SpanSpec } from '@swarm/runtime';
import type { DispatchJob } from '../../domain/alert-schedule.js';

/** The span of one run of an alert job: `process {queue}`. */
export function alertJobSpan(job: DispatchJob, where: { system: 'bullmq' | 'in-process'; queue: string }): SpanSpec {
  return queuedJobSpan(where, job.jobId, { 'swarm.job.kind': job.kind, 'swarm.report.id': job.reportId });
}
