import type { SpanSpec } from '@swarm/runtime';
import type { ReportTimer } from '../../app/ports.js';
import { reportTimerId } from './timer-id.js';

/** The span a lifecycle timer's run records while spans are exported: a consumer of its queue, as an alert job is. */
export function reportTimerSpan(timer: ReportTimer, where: { system: 'bullmq' | 'in-process'; queue: string }): SpanSpec {
  return {
    name: `process ${where.queue}`,
    kind: 'consumer',
    attributes: {
      'messaging.system': where.system,
      'messaging.operation.type': 'process',
      'messaging.destination.name': where.queue,
      'messaging.message.id': reportTimerId(timer),
      'swarm.timer.kind': timer.kind,
      'swarm.report.id': timer.reportId,
    },
  };
}
