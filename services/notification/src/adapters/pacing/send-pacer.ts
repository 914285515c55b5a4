/**
 * Paces the sends of one sender (a number, or a Messaging Service's pool): answers how long the caller must wait before
 * its send, and books that slot, so sends leave one `intervalMs` apart however many callers (or replicas) there are.
 */
export interface SendPacer {
  reserveSlot(sender: string, intervalMs: number): Promise<{ waitMs: number }>;
}

/** One process's pace: right for the embedded product and a single notification replica. */
export class InProcessSendPacer implements SendPacer {
  private readonly nextSlotAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async reserveSlot(sender: string, intervalMs: number): Promise<{ waitMs: number }> {
    const now = this.now();
    const slot = Math.max(now, this.nextSlotAt.get(sender) ?? 0);
    this.nextSlotAt.set(sender, slot + intervalMs);
    return { waitMs: slot - now };
  }
}
