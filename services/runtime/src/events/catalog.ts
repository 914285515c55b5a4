import { ReportSubmittedSchema } from '@swarm/proto/report/v1/events';
import { defineEventType } from './event-type.js';

/** Every domain event of the product, by its dotted name. Add new events here (see README "Adding an event"). */
export const ReportSubmittedEvent = defineEventType('report.submitted', ReportSubmittedSchema);
