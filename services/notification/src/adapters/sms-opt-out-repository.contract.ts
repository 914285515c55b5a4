import { beforeEach, describe, expect, it } from 'vitest';
import type { SmsOptOutRepository } from '../app/ports/stores.js';

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 12, minutes));

export function smsOptOutRepositoryContract(name: string, create: () => Promise<SmsOptOutRepository>): void {
  describe(`SmsOptOutRepository contract: ${name}`, () => {
    let optOuts: SmsOptOutRepository;
    beforeEach(async () => {
      optOuts = await create();
    });

    it('keeps STOP until START, whether the number has +1 or not', async () => {
      expect(await optOuts.isOptedOut('5035550177')).toBe(false);
      await optOuts.optOut('+15035550177', at(1));
      expect(await optOuts.isOptedOut('5035550177')).toBe(true);
      expect(await optOuts.isOptedOut('5035550178')).toBe(false);
      await optOuts.optIn('5035550177', at(2));
      expect(await optOuts.isOptedOut('+15035550177')).toBe(false);
    });

    it('keeps the later of a STOP and a START handled out of order', async () => {
      await optOuts.optIn('5035550179', at(5));
      await optOuts.optOut('5035550179', at(3));
      expect(await optOuts.isOptedOut('5035550179')).toBe(false);
      await optOuts.optOut('5035550179', at(6));
      await optOuts.optIn('5035550179', at(4));
      expect(await optOuts.isOptedOut('5035550179')).toBe(true);
    });
  });
}
