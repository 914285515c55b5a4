import { describe, expect, it } from 'vitest';
import { AssociationError } from './association-error.js';
import {
  ALERT_PRICE_CENTS,
  alertChargeEntry,
  alertChargeKey,
  alertRefundEntry,
  alertRefundKey,
  balanceOf,
  checkRefundReason,
  checkTopUpAmount,
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
