import { describe, expect, it } from 'vitest';
import { AssociationError } from './association-error.js';
import {
  ALERT_CHANNELS,
  ALERT_PRICE_CENTS,
  alertChannelOf,
  alertChargeEntry,
  alertChargeKey,
  alertRefundEntry,
  alertRefundKey,
  balanceOf,
  checkAlertPrices,
  checkRefundReason,
  checkTopUpAmount,
  DEFAULT_ALERT_PRICES,
  formatCents,
  isLowBalance,
  topUpEntry,
} from './ledger.js';

const at = new Date('2026-06-01T12:00:00Z');

describe('ledger rules', () => {
  it('derives the balance as the sum of the entries', () => {
    expect(balanceOf([])).toBe(0);
    expect(balanceOf([{ amountCents: 1500 }, { amountCents: -7 }, { amountCents: -7 }, { amountCents: 2000 }])).toBe(3486);
  });

  it('prices an alert at 7 cents, taken from the balance', () => {
    const charge = alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', createdAt: at });
    expect(ALERT_PRICE_CENTS).toBe(7);
    expect(charge).toEqual({
      entryId: 'e-1',
      companyId: 'c-1',
      kind: 'alert-charge',
      amountCents: -7,
      idempotencyKey: 'alert-charge:r-1:m-1',
      createdAt: at,
      reportId: 'r-1',
      memberId: 'm-1',
    });
  });

  it('keys a charge by report and member only, so another association cannot charge the same alert again', () => {
    const first = alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', createdAt: at });
    const second = alertChargeEntry({ entryId: 'e-2', companyId: 'c-2', reportId: 'r-1', memberId: 'm-1', createdAt: at });
    const otherMember = alertChargeEntry({ entryId: 'e-3', companyId: 'c-1', reportId: 'r-1', memberId: 'm-2', createdAt: at });
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(otherMember.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('keys the charges and refunds of a (report, member) by round, the first round as charges were always keyed', () => {
    expect([1, 2, 3].map((round) => alertChargeKey('r-1', 'm-1', round))).toEqual(['alert-charge:r-1:m-1', 'alert-charge:r-1:m-1:2', 'alert-charge:r-1:m-1:3']);
    expect([1, 2, 3].map((round) => alertRefundKey('r-1', 'm-1', round))).toEqual(['alert-refund:r-1:m-1', 'alert-refund:r-1:m-1:2', 'alert-refund:r-1:m-1:3']);
    expect(alertChargeKey('r-1', 'm-1')).toBe('alert-charge:r-1:m-1');
    expect(alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', round: 2, createdAt: at }).idempotencyKey).toBe(
      'alert-charge:r-1:m-1:2',
    );
  });

  it('refunds a charge to the association it was taken from, by its amount, with the trimmed reason as note', () => {
    const charge = alertChargeEntry({ entryId: 'e-1', companyId: 'c-2', reportId: 'r-1', memberId: 'm-1', round: 3, createdAt: at });
    const later = new Date('2026-06-01T12:05:00Z');
    expect(alertRefundEntry({ entryId: 'e-2', charge, round: 3, reason: '  provider refused the number ', createdAt: later })).toEqual({
      entryId: 'e-2',
      companyId: 'c-2',
      kind: 'alert-refund',
      amountCents: 7,
      idempotencyKey: 'alert-refund:r-1:m-1:3',
      createdAt: later,
      reportId: 'r-1',
      memberId: 'm-1',
      note: 'provider refused the number',
    });
  });

  it('refunds nothing but an alert charge', () => {
    const topUp = topUpEntry({ entryId: 'e-1', companyId: 'c-1', amountCents: 2500, topUpId: 'inv-9', note: '', createdAt: at });
    expect(() => alertRefundEntry({ entryId: 'e-2', charge: topUp, round: 1, reason: 'not sent', createdAt: at })).toThrow('not an alert charge');
  });

  it('requires a refund reason of at most 500 characters', () => {
    expect(checkRefundReason(' dropped after charging ')).toBe('dropped after charging');
    expect(checkRefundReason('x'.repeat(500))).toHaveLength(500);
    expect(() => checkRefundReason('  ')).toThrow(expect.objectContaining({ code: 'BILLING.INVALID', details: ['Refund needs a reason'] }));
    expect(() => checkRefundReason('x'.repeat(501))).toThrow(expect.objectContaining({ code: 'BILLING.INVALID', details: ['Reason must be at most 500 characters'] }));
  });

  it('accepts top-ups greater than $10.00 only', () => {
    expect(checkTopUpAmount(1001)).toBe(1001);
    expect(() => checkTopUpAmount(1000)).toThrow(expect.objectContaining({ code: 'BILLING.TOP_UP_TOO_SMALL', message: 'Top-up must be greater than $10.00' }));
    expect(() => checkTopUpAmount(-5000)).toThrow(AssociationError);
  });

  it.each([10.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the top-up amount %s as not whole cents', (amount) => {
    expect(() => checkTopUpAmount(amount)).toThrow(expect.objectContaining({ code: 'BILLING.INVALID' }));
  });

  it('refuses a top-up above the maximum', () => {
    expect(() => checkTopUpAmount(100_000_001)).toThrow(expect.objectContaining({ code: 'BILLING.INVALID' }));
  });

  it('builds a top-up entry keyed by its top-up id, with a trimmed note', () => {
    expect(topUpEntry({ entryId: 'e-1', companyId: 'c-1', amountCents: 2500, topUpId: 'inv-9', note: ' cheque 12 ', createdAt: at })).toEqual({
      entryId: 'e-1',
      companyId: 'c-1',
      kind: 'top-up',
      amountCents: 2500,
      idempotencyKey: 'top-up:inv-9',
      createdAt: at,
      note: 'cheque 12',
    });
  });

  it('calls a balance low strictly below the threshold', () => {
    expect(isLowBalance(499, 500)).toBe(true);
    expect(isLowBalance(500, 500)).toBe(false);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(1001)).toBe('$10.01');
    expect(formatCents(-7)).toBe('-$0.07');
    expect(formatCents(0)).toBe('$0.00');
  });
});

describe('alert prices and keys per channel', () => {
  it('prices a text alert at the spec 7 cents and leaves notifications and emails free by default', () => {
    expect(DEFAULT_ALERT_PRICES).toEqual({ sms: 7, push: 0, email: 0 });
    expect(checkAlertPrices({ sms: 0, push: 1000, email: 12 })).toEqual({ sms: 0, push: 1000, email: 12 });
  });

  it.each([
    ['a negative price', { sms: 7, push: -1, email: 0 }],
    ['a price above 1000 cents', { sms: 1001, push: 0, email: 0 }],
    ['a fraction of a cent', { sms: 7, push: 0, email: 0.5 }],
  ])('refuses %s', (_name, prices) => {
    expect(() => checkAlertPrices(prices)).toThrow(RangeError);
  });

  it('keeps the keys text alerts always had, and gives push and email a key family each', () => {
    expect([1, 2].map((round) => alertChargeKey('r-1', 'm-1', round, 'sms'))).toEqual(['alert-charge:r-1:m-1', 'alert-charge:r-1:m-1:2']);
    expect([1, 2].map((round) => alertRefundKey('r-1', 'm-1', round, 'sms'))).toEqual(['alert-refund:r-1:m-1', 'alert-refund:r-1:m-1:2']);
    expect([1, 2].map((round) => alertChargeKey('r-1', 'm-1', round, 'push'))).toEqual(['alert-charge-push:r-1:m-1', 'alert-charge-push:r-1:m-1:2']);
    expect([1, 2].map((round) => alertRefundKey('r-1', 'm-1', round, 'push'))).toEqual(['alert-refund-push:r-1:m-1', 'alert-refund-push:r-1:m-1:2']);
    expect([1, 2].map((round) => alertChargeKey('r-1', 'm-1', round, 'email'))).toEqual(['alert-charge-email:r-1:m-1', 'alert-charge-email:r-1:m-1:2']);
    expect([1, 2].map((round) => alertRefundKey('r-1', 'm-1', round, 'email'))).toEqual(['alert-refund-email:r-1:m-1', 'alert-refund-email:r-1:m-1:2']);
  });

  it('never gives a key of one family (kind and channel) to another, even for ids that contain colons or channel names', () => {
    // Ids are any printable characters, ':' included: a family told apart only after the first ':' would collide
    // (the text charge of report "push", member "r:m" against the push charge of report "r", member "m").
    const ids = ['r', 'm', 'push', 'email', 'sms', 'r:m', 'push:r', 'm:2', '2', 'alert-charge', 'alert-charge-push', 'push:r:m:2'];
    const families = ALERT_CHANNELS.flatMap((channel) => [
      { family: `charge/${channel}`, key: (reportId: string, memberId: string, round: number) => alertChargeKey(reportId, memberId, round, channel) },
      { family: `refund/${channel}`, key: (reportId: string, memberId: string, round: number) => alertRefundKey(reportId, memberId, round, channel) },
    ]);
    const familyOfKey = new Map<string, string>();
    const collisions: string[] = [];
    for (const { family, key } of families) {
      for (const reportId of ids) {
        for (const memberId of ids) {
          for (const round of [1, 2, 3]) {
            const built = key(reportId, memberId, round);
            const earlier = familyOfKey.get(built);
            if (earlier !== undefined && earlier !== family) collisions.push(`${built}: ${earlier} and ${family}`);
            familyOfKey.set(built, family);
          }
        }
      }
    }
    expect(collisions).toEqual([]);
    // Why it holds for every id: the text before a key's first ':' names its family, and the six names differ.
    const names = new Set([...familyOfKey.keys()].map((built) => built.slice(0, built.indexOf(':'))));
    expect([...names].sort()).toEqual(['alert-charge', 'alert-charge-email', 'alert-charge-push', 'alert-refund', 'alert-refund-email', 'alert-refund-push']);
  });

  it('records a priced channel on its charge, at its price, under its own key', () => {
    expect(alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', round: 2, channel: 'push', priceCents: 3, createdAt: at })).toEqual({
      entryId: 'e-1',
      companyId: 'c-1',
      kind: 'alert-charge',
      amountCents: -3,
      idempotencyKey: 'alert-charge-push:r-1:m-1:2',
      createdAt: at,
      reportId: 'r-1',
      memberId: 'm-1',
      channel: 'push',
    });
    expect(alertChargeEntry({ entryId: 'e-2', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', channel: 'sms', createdAt: at })).toMatchObject({
      amountCents: -7,
      idempotencyKey: 'alert-charge:r-1:m-1',
      channel: 'sms',
    });
  });

  it('has no charge entry for a free channel', () => {
    expect(() => alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', channel: 'email', priceCents: 0, createdAt: at })).toThrow(RangeError);
  });

  it('refunds a charge under the refund key of its channel, naming that channel, by the amount the charge took', () => {
    const charge = alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', round: 2, channel: 'email', priceCents: 4, createdAt: at });
    expect(alertRefundEntry({ entryId: 'e-2', charge, round: 2, reason: 'mailbox full', createdAt: at })).toMatchObject({
      kind: 'alert-refund',
      amountCents: 4,
      idempotencyKey: 'alert-refund-email:r-1:m-1:2',
      channel: 'email',
      note: 'mailbox full',
    });
  });

  it('reads an alert entry without a channel, as stored before channels, as a text alert', () => {
    const legacy = alertChargeEntry({ entryId: 'e-1', companyId: 'c-1', reportId: 'r-1', memberId: 'm-1', createdAt: at });
    expect(alertChannelOf(legacy)).toBe('sms');
    expect(alertChannelOf(alertRefundEntry({ entryId: 'e-2', charge: legacy, round: 1, reason: 'not sent', createdAt: at }))).toBe('sms');
    expect(alertChannelOf({ kind: 'alert-charge', channel: 'push' })).toBe('push');
    expect(alertChannelOf(topUpEntry({ entryId: 'e-3', companyId: 'c-1', amountCents: 2500, topUpId: 'inv-9', note: '', createdAt: at }))).toBeUndefined();
  });
});
