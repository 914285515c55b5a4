import type { OutboxBacklog, OutboxMessage, OutboxStore } from './outbox.js';

/**
 * The outbox of in-memory repositories: appended to in the same synchronous step as the state change. Published
 * messages leave it (only their ids stay, so appending one again is still ignored), so finding the pending ones looks
 * at those alone, however many were published before.
 */
export class MemoryOutbox implements OutboxStore {
  private readonly unpublished = new Map<string, OutboxMessage>();
  private readonly publishedIds = new Set<string>();

  append(messages: OutboxMessage[]): void {
    for (const message of messages) {
      if (!this.unpublished.has(message.id) && !this.publishedIds.has(message.id)) this.unpublished.set(message.id, { ...message });
    }
  }

  async pending(limit: number): Promise<OutboxMessage[]> {
    return [...this.unpublished.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((message) => ({ ...message }));
  }

  async markPublished(ids: string[]): Promise<void> {
    for (const id of ids) {
      if (this.unpublished.delete(id)) this.publishedIds.add(id);
    }
  }

  async backlog(): Promise<OutboxBacklog> {
    const waiting = [...this.unpublished.values()];
    const oldest = waiting.reduce<Date | null>((first, message) => (first && first <= message.createdAt ? first : message.createdAt), null);
    return { pending: waiting.length, oldestCreatedAt: oldest };
  }
}
