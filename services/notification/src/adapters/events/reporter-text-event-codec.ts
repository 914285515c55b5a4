import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { ReporterTextSentEvent, type OutboxMessage } from '@swarm/runtime';

/** The text's send key names the event, so a text counted again (a retried job) is published once. */
export function reporterTextSentMessage(text: { reportId: string; textKey: string; sentAt: Date }): OutboxMessage {
  return {
    ...ReporterTextSentEvent.toMessage(`reporter-text-sent--${text.textKey}`, { reportId: text.reportId, textKey: text.textKey, sentAt: timestampFromDate(text.sentAt) }),
    createdAt: text.sentAt,
  };
}
