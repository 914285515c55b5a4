import { Binary, type Collection, type Document, type Filter } from 'mongodb';
import type { OutboxBacklog, OutboxMessage, OutboxStore } from '../outbox/outbox.js';
import type { MongoOutbox } from './mongo-outbox.js';

/** An event stored on the document whose change it announces, until it is safely in the outbox. */
export type ParkedEvent = { id: string; type: string; payload: Binary; createdAt: Date; traceparent?: string };

/** What a document carries while its last change's events wait to reach the outbox. */
export type WithParkedEvents = { pendingEvents?: ParkedEvent[] };

/** Reports whose parked events one recovery pass moves. */
const RECOVERY_BATCH = 100;

export function parkEvent(message: OutboxMessage): ParkedEvent {
  return {
    id: message.id,
    type: message.type,
    payload: new Binary(message.payload),
    createdAt: message.createdAt,
    ...(message.traceparent ? { traceparent: message.traceparent } : {}),
  };
}

/** Matches documents with no parked events: a change may only park its own when none wait (none is overwritten). */
export const NOTHING_PARKED = { 'pendingEvents.id': { $exists: false } } as const;

/**
 * A state change and its events in ONE single-document write, atomic on every server without a transaction (the
 * MongoDB-compatible test server neither detects conflicts between transactions nor keeps every write of concurrent
 * ones): the write parks the events on the document, then they are moved to the outbox under their fixed ids and
 * unparked. Moving is idempotent (a duplicate outbox id is ignored; unparking is conditional on the ids), and what a
 * crash leaves parked is moved by `recover` before the relay reads the outbox, so no event is lost or published twice.
 */
export class ParkedEvents<T extends Document & WithParkedEvents & { _id: string }> {
  constructor(
    private readonly collection: Collection<T>,
    private readonly outbox: MongoOutbox,
  ) {}

  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ 'pendingEvents.id': 1 }, { name: 'pendingEvents', sparse: true });
  }

  /** Moves a document's parked events to the outbox and unparks them. */
  async move(documentId: string, parked: ParkedEvent[]): Promise<void> {
    if (parked.length === 0) return;
    await this.outbox.appendIfAbsent(
      parked.map(({ id, type, payload, createdAt, traceparent }) => ({ id, type, payload: new Uint8Array(payload.buffer), createdAt, ...(traceparent ? { traceparent } : {}) })),
    );
    await this.collection.updateOne({ _id: documentId, 'pendingEvents.id': parked[0]?.id } as Filter<T>, { $unset: { pendingEvents: '' } } as Document);
  }

  /** After a stored change: its events go to the outbox now, or recovery moves them later. */
  async moveSoon(documentId: string, parked: ParkedEvent[]): Promise<void> {
    try {
      await this.move(documentId, parked);
    } catch {
      // The change is stored with its events parked on the document; recovery moves them to the outbox later.
    }
  }

  /** Moves the events that writes stopped before handing to the outbox (a crash, a failed write). */
  async recover(): Promise<void> {
    const parked = await this.collection.find({ 'pendingEvents.id': { $exists: true } } as Filter<T>).limit(RECOVERY_BATCH).toArray();
    for (const document of parked) await this.move(document._id, (document as WithParkedEvents).pendingEvents ?? []);
  }
}

/** The outbox as the relay reads it: first moves the events parked on documents into it. */
export class RecoveringOutbox implements OutboxStore {
  constructor(
    private readonly outbox: MongoOutbox,
    private readonly sources: { recover(): Promise<void> }[],
  ) {}

  async pending(limit: number): Promise<OutboxMessage[]> {
    for (const source of this.sources) await source.recover();
    return this.outbox.pending(limit);
  }

  markPublished(ids: string[]): Promise<void> {
    return this.outbox.markPublished(ids);
  }

  /** Events still parked on documents are not counted: they move to the outbox within the relay's next pass. */
  backlog(): Promise<OutboxBacklog> {
    return this.outbox.backlog();
  }
}
