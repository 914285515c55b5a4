import type { OutboxBacklog, OutboxMessage, OutboxStore } from './outbox.js';

/** The outbox of in-memory repositories: appended to in the same synchronous step as the state change. */
export class MemoryOutbox implements OutboxStore {
  private readonly messages = new Map<string, OutboxMessage & { published: boolean }>();

  append(messages: OutboxMessage[]): void {
    for (const message of messages) {
      if (!this.messages.has(message.id)) this.messages.set(message.id, { ...message, published: false });
    }
  }

  async pending(limit: number): Promise<OutboxMessage[]> {
    return [...this.messages.values()]
      .filter((message) => !message.published)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map(({ published: _published, ...message }) => message);
  }

  async markPublished(ids: string[]): Promise<void> {
    for (const id of ids) {
      const message = this.messages.get(id);
      if (message) message.published = true;
    }
  }

  async backlog(): Promise<OutboxBacklog> {
    const waiting = [...this.messages.values()].filter((message) => !message.published);
    const oldest = waiting.reduce<Date | null>((first, message) => (first && first <= message.createdAt ? first : message.createdAt), null);
    return { pending: waiting.length, oldestCreatedAt: oldest };
  }
}
