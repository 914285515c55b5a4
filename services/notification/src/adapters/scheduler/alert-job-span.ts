import type { SpanSpec } from '@swarm/runtime';
import type { DispatchJob } from '../../domain/alert-schedule.js';

/** The span of one run of a delayed job, as OpenTelemetry names the processing of a message: `process {queue}`. */
export function alertJobSpan(job: DispatchJob, where: { system: 'bullmq' | 'in-process'; queue: string }): SpanSpec {
  return {
    name: `process ${where.queue}`,
    kind: 'consumer',
    attributes: {
      'messaging.system': where.system,
      'messaging.operation.type': 'process',
      'messaging.destination.name': where.queue,
      'messaging.message.id': job.jobId,
      'swarm.job.kind': job.kind,
      'swarm.report.id': job.reportId,
    },
  };
}
