import type { SmsOptOutRepository } from '../../app/ports/stores.js';
import { nationalNumber } from '../../domain/inbound-sms.js';

/** The latest STOP or START of each number, in a map. */
export class MemorySmsOptOutRepository implements SmsOptOutRepository {
  private readonly latest = new Map<string, { optedOut: boolean; at: Date }>();

  async optOut(phoneNumber: string, at: Date): Promise<void> {
    this.keepNewest(phoneNumber, { optedOut: true, at });
  }

  async optIn(phoneNumber: string, at: Date): Promise<void> {
    this.keepNewest(phoneNumber, { optedOut: false, at });
  }

  async isOptedOut(phoneNumber: string): Promise<boolean> {
    return this.latest.get(nationalNumber(phoneNumber))?.optedOut ?? false;
  }

  private keepNewest(phoneNumber: string, change: { optedOut: boolean; at: Date }): void {
    const key = nationalNumber(phoneNumber);
    const kept = this.latest.get(key);
    if (!kept || kept.at.getTime() <= change.at.getTime()) this.latest.set(key, change);
  }
}
