import type { LedgerRepository, RecordOutcome } from '../../app/ports.js';
import type { LedgerEntry } from '../../domain/ledger.js';

/** Every method runs without awaiting in between, so each is atomic within the process. */
export class MemoryLedgerRepository implements LedgerRepository {
  private readonly entriesByCompany = new Map<string, LedgerEntry[]>();
  private readonly byKey = new Map<string, LedgerEntry>();
  private readonly balances = new Map<string, number>();
  private readonly noticeSent = new Set<string>();

  async record(entry: LedgerEntry): Promise<RecordOutcome> {
    const balanceCents = this.balances.get(entry.companyId) ?? 0;
    const existing = this.byKey.get(entry.idempotencyKey);
    if (existing) return { status: 'duplicate', entry: structuredClone(existing), balanceCents: this.balances.get(existing.companyId) ?? 0 };
    if (balanceCents + entry.amountCents < 0) return { status: 'insufficient-funds', balanceCents };
    const stored = structuredClone(entry);
    const companyEntries = this.entriesByCompany.get(stored.companyId);
    if (companyEntries) companyEntries.push(stored);
    else this.entriesByCompany.set(stored.companyId, [stored]);
    this.byKey.set(stored.idempotencyKey, stored);
    this.balances.set(entry.companyId, balanceCents + entry.amountCents);
    return { status: 'recorded', entry: structuredClone(stored), balanceCents: balanceCents + entry.amountCents };
  }

  async findByIdempotencyKey(key: string): Promise<LedgerEntry | undefined> {
    const entry = this.byKey.get(key);
    return entry && structuredClone(entry);
  }

  async balanceOf(companyId: string): Promise<number> {
    return this.balances.get(companyId) ?? 0;
  }

  async balancesOf(companyIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(companyIds.map((companyId) => [companyId, this.balances.get(companyId) ?? 0]));
  }

  async entriesOf(companyId: string): Promise<LedgerEntry[]> {
    return (this.entriesByCompany.get(companyId) ?? []).map((entry) => structuredClone(entry));
  }

  async claimLowBalanceNotice(companyId: string): Promise<boolean> {
    if (this.noticeSent.has(companyId)) return false;
    this.noticeSent.add(companyId);
    return true;
  }

  async releaseLowBalanceNotice(companyId: string): Promise<void> {
    this.noticeSent.delete(companyId);
  }
}
