/**
 * Answers written once and sent again, as they were written, for a short while: for reads whose source already allows
 * them to be seconds old (the insights service's maps), so that an admin's repeated requests, or many admins of one
 * association, cost the gateway neither the service call nor the answer's encoding and checking again. Requests
 * arriving while an answer is written wait for that one. A failed answer is not kept.
 */
export class ReusedAnswers<Answer> {
  private readonly answers = new Map<string, { writtenAt: number; text: Promise<Answer> }>();

  constructor(
    private readonly options: {
      reuseMs: number;
      /** Beyond this many kept at once, the oldest is forgotten first: varied queries cannot grow it without end. */
      maxKept: number;
      now?: () => number;
    },
  ) {}

  answer(key: string, write: () => Promise<Answer>): Promise<Answer> {
    const now = (this.options.now ?? Date.now)();
    this.forgetWrittenBy(now - this.options.reuseMs);
    const kept = this.answers.get(key);
    if (kept) return kept.text;
    const text = write();
    this.answers.set(key, { writtenAt: now, text });
    // Map keeps insertion order, which is the order of writing: the first key is the oldest.
    if (this.answers.size > this.options.maxKept) this.answers.delete(this.answers.keys().next().value as string);
    text.catch(() => {
      if (this.answers.get(key)?.text === text) this.answers.delete(key);
    });
    return text;
  }

  private forgetWrittenBy(instant: number): void {
    for (const [key, kept] of this.answers) {
      if (kept.writtenAt > instant) break;
      this.answers.delete(key);
    }
  }
}
