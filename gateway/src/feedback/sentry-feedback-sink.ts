import type { Feedback, FeedbackSink } from './feedback-sink.js';

/**
 * Sends feedback to a Sentry-compatible error-reporting service as a user-feedback envelope (item type
 * "feedback"), the way Sentry's own feedback widget does, authenticated by the project's DSN.
 * DSN: `https://<publicKey>@<host>/<projectId>`.
 */
export class SentryFeedbackSink implements FeedbackSink {
  private readonly envelopeUrl: string;
  private readonly publicKey: string;

  constructor(
    dsn: string,
    private readonly options: { timeoutMs?: number; environment?: string } = {},
  ) {
    const parsed = new URL(dsn);
    const projectId = parsed.pathname.split('/').filter(Boolean).pop();
    if (!parsed.username || !projectId) throw new Error('SENTRY_DSN must look like https://<publicKey>@<host>/<projectId>');
    this.publicKey = decodeURIComponent(parsed.username);
    const prefix = parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/'));
    this.envelopeUrl = `${parsed.protocol}//${parsed.host}${prefix}/api/${projectId}/envelope/`;
  }

  async submit(feedback: Feedback): Promise<void> {
    const eventId = feedback.feedbackId.replace(/-/g, '');
    const timestamp = feedback.receivedAt.getTime() / 1000;
    const event = {
      event_id: eventId,
      timestamp,
      platform: 'javascript',
      level: 'info',
      ...(this.options.environment ? { environment: this.options.environment } : {}),
      contexts: {
        feedback: {
          message: feedback.message,
          url: feedback.url,
          source: feedback.source,
          ...(feedback.name ? { name: feedback.name } : {}),
          ...(feedback.email ? { contact_email: feedback.email } : {}),
        },
      },
    };
    const envelope = [
      JSON.stringify({ event_id: eventId, sent_at: feedback.receivedAt.toISOString() }),
      JSON.stringify({ type: 'feedback' }),
      JSON.stringify(event),
    ].join('\n');
    const response = await fetch(this.envelopeUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-sentry-envelope',
        'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${this.publicKey}, sentry_client=swarm-alert-gateway/1.0`,
      },
      body: envelope,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new Error(`the error-reporting service answered ${response.status}`);
  }
}
