import {
  ClaimOutcomeRecordedSchema,
  ReportClaimedSchema,
  ReportClosedSchema,
  ReportDepartedSchema,
  ReportExpiredSchema,
  ReportMarkedBadSchema,
  ReportSubmittedSchema,
  ReportUnservedSchema,
  ReporterDataErasedSchema,
  ReporterSaidGoneSchema,
  ReportUnclaimedSchema,
} from '@swarm/proto/report/v1/events';
import { AlertSentSchema, ReporterTextSentSchema } from '@swarm/proto/notification/v1/events';
import { MemberChangedSchema, MemberDeletedSchema } from '@swarm/proto/member/v1/events';
import { defineEventType } from './event-type.js';

/** Every domain event of the product, by its dotted name. Add new events here (see README "Adding an event"). */
export const ReportSubmittedEvent = defineEventType('report.submitted', ReportSubmittedSchema);
export const ReportClaimedEvent = defineEventType('report.claimed', ReportClaimedSchema);
export const ReportUnclaimedEvent = defineEventType('report.unclaimed', ReportUnclaimedSchema);
export const ReportMarkedBadEvent = defineEventType('report.marked_bad', ReportMarkedBadSchema);
export const ReportExpiredEvent = defineEventType('report.expired', ReportExpiredSchema);
export const ReportClosedEvent = defineEventType('report.closed', ReportClosedSchema);
export const ReportDepartedEvent = defineEventType('report.departed', ReportDepartedSchema);
export const ReporterSaidGoneEvent = defineEventType('report.reporter_said_gone', ReporterSaidGoneSchema);
export const ReporterDataErasedEvent = defineEventType('report.reporter_data_erased', ReporterDataErasedSchema);
export const ClaimOutcomeRecordedEvent = defineEventType('report.outcome_recorded', ClaimOutcomeRecordedSchema);
export const ReportUnservedEvent = defineEventType('report.unserved', ReportUnservedSchema);
export const AlertSentEvent = defineEventType('alert.sent', AlertSentSchema);
export const ReporterTextSentEvent = defineEventType('reporter_text.sent', ReporterTextSentSchema);
export const MemberChangedEvent = defineEventType('member.changed', MemberChangedSchema);
export const MemberDeletedEvent = defineEventType('member.deleted', MemberDeletedSchema);
