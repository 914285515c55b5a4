import type { Logger } from '@swarm/runtime';
import type { Feedback, FeedbackSink } from './feedback-sink.js';

const KEPT = 1_000;

/**
 * Keeps the latest feedback in memory (for the embedded mode and development) and logs that it arrived, without
 * the sender's name, email or message text: those may identify a person and logs are not the place for them.
 */
export class LocalFeedbackSink implements FeedbackSink {
  private readonly kept: Feedback[] = [];

  constructor(private readonly logger: Logger) {}

  async submit(feedback: Feedback): Promise<void> {
    this.kept.push(structuredClone(feedback));
    if (this.kept.length > KEPT) this.kept.shift();
    this.logger.info(
      {
        feedbackId: feedback.feedbackId,
        source: feedback.source,
        page: pathOf(feedback.url),
        messageLength: feedback.message.length,
        withName: feedback.name !== '',
        withEmail: feedback.email !== '',
      },
      'feedback received',
    );
  }

  /** The feedback kept, oldest first. */
  received(): Feedback[] {
    return this.kept.map((feedback) => structuredClone(feedback));
  }
}

/** Only the path: a query string may carry anything. */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return '';
  }
}
