import { beforeEach, describe, expect, it } from 'vitest';
import { memoryAssociationBillingStores, type AssociationBillingStores } from '../association-billing-service.js';
import { newAssociation } from '../domain/association.js';
import { AdjustBalance } from './adjust-balance.js';
import { LowBalanceNotice } from './low-balance-notice.js';
import { TopUp } from './top-up.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('AdjustBalance', () => {
  let stores: AssociationBillingStores;
  let adjust: AdjustBalance;

  beforeEach(async () => {
    stores = memoryAssociationBillingStores();
    let nextId = 0;
    const ids = { newId: () => `id-${(nextId += 1)}` };
    const clock = { now: () => now };
    const notice = new LowBalanceNotice(stores.ledger, { send: async () => undefined }, { warn: () => undefined }, 500);
    adjust = new AdjustBalance({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    const topUp = new TopUp({ associations: stores.associations, ledger: stores.ledger, notice, clock, ids });
    for (const companyId of ['c-1', 'c-2']) {
      await stores.associations.create(newAssociation({ companyId, details: { companyName: `Bees ${companyId}` }, createdAt: now }));
      await topUp.execute({ companyId, amountCents: 2000 });
    }
  });

  it('replays an adjustment sent again with the same id and content: the first entry, nothing taken twice', async () => {
    const first = await adjust.execute({ companyId: 'c-1', amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' });
    const again = await adjust.execute({ companyId: 'c-1', amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' });
    expect(first).toMatchObject({ balanceCents: 1500, replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await stores.ledger.balanceOf('c-1')).toBe(1500);
  });

  it('treats a note differing only in surrounding blanks as the same adjustment', async () => {
    const first = await adjust.execute({ companyId: 'c-1', amountCents: 300, adjustmentId: 'fix-2', note: 'rounding' });
    expect(await adjust.execute({ companyId: 'c-1', amountCents: 300, adjustmentId: ' fix-2 ', note: '  rounding ' })).toEqual({ ...first, replayed: true });
  });

  it.each([
    ['a different amount', { companyId: 'c-1', amountCents: -600, note: 'double top-up' }],
    ['the other sign', { companyId: 'c-1', amountCents: 500, note: 'double top-up' }],
    ['an amount the balance cannot pay', { companyId: 'c-1', amountCents: -5000, note: 'double top-up' }],
    ['another association', { companyId: 'c-2', amountCents: -500, note: 'double top-up' }],
    ['a different note', { companyId: 'c-1', amountCents: -500, note: 'cheque bounced' }],
  ])('refuses an adjustment id already used for %s, changing nothing', async (_case, reuse) => {
    await adjust.execute({ companyId: 'c-1', amountCents: -500, adjustmentId: 'fix-1', note: 'double top-up' });
    await expect(adjust.execute({ ...reuse, adjustmentId: 'fix-1' })).rejects.toMatchObject({
      code: 'BILLING.INVALID',
      message: 'this adjustment id was already used for a different adjustment',
      details: ['This adjustment id was already used for a different adjustment'],
    });
    expect(await stores.ledger.balanceOf('c-1')).toBe(1500);
    expect(await stores.ledger.balanceOf('c-2')).toBe(2000);
    expect((await stores.ledger.entriesOf('c-1')).map((entry) => entry.kind)).toEqual(['top-up', 'adjustment']);
  });

  it('records adjustments without an id each time', async () => {
    await adjust.execute({ companyId: 'c-1', amountCents: -100, note: 'fee' });
    await adjust.execute({ companyId: 'c-1', amountCents: -100, note: 'fee' });
    expect(await stores.ledger.balanceOf('c-1')).toBe(1800);
  });
});
