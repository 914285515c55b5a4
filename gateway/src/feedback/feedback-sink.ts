/** What the feedback widget sends, once checked (spec §3: name, email, message, url, source). */
export type Feedback = {
  feedbackId: string;
  /** '' when not given. */
  name: string;
  /** '' when not given. */
  email: string;
  message: string;
  /** The page the visitor was on. */
  url: string;
  source: 'widget';
  receivedAt: Date;
};

/** Where feedback goes: the error-reporting service, which is where the team reads it. */
export interface FeedbackSink {
  submit(feedback: Feedback): Promise<void>;
}
