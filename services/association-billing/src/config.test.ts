import { loadConfig } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { associationBillingConfigShape } from './config.js';

const base = { STORE: 'memory' };

describe('association-billing configuration', () => {
  it('prices a text alert at 7 cents and leaves push and email free unless told otherwise', () => {
    const config = loadConfig(associationBillingConfigShape, base);
    expect([config.ALERT_PRICE_SMS_CENTS, config.ALERT_PRICE_PUSH_CENTS, config.ALERT_PRICE_EMAIL_CENTS]).toEqual([7, 0, 0]);
  });

  it('takes each channel price in whole cents from 0 to 1000', () => {
    const config = loadConfig(associationBillingConfigShape, { ...base, ALERT_PRICE_SMS_CENTS: '0', ALERT_PRICE_PUSH_CENTS: '1000', ALERT_PRICE_EMAIL_CENTS: ' 3 ' });
    expect([config.ALERT_PRICE_SMS_CENTS, config.ALERT_PRICE_PUSH_CENTS, config.ALERT_PRICE_EMAIL_CENTS]).toEqual([0, 1000, 3]);
  });

  it('keeps the documented price when a price is declared but empty, rather than making the channel free', () => {
    const config = loadConfig(associationBillingConfigShape, { ...base, ALERT_PRICE_SMS_CENTS: '', ALERT_PRICE_PUSH_CENTS: ' ' });
    expect([config.ALERT_PRICE_SMS_CENTS, config.ALERT_PRICE_PUSH_CENTS]).toEqual([7, 0]);
  });

  it.each([
    ['ALERT_PRICE_SMS_CENTS', '-1'],
    ['ALERT_PRICE_SMS_CENTS', '1001'],
    ['ALERT_PRICE_PUSH_CENTS', '2.5'],
    ['ALERT_PRICE_EMAIL_CENTS', 'seven'],
  ])('refuses %s=%s, naming the variable', (variable, value) => {
    expect(() => loadConfig(associationBillingConfigShape, { ...base, [variable]: value })).toThrow(new RegExp(`${variable}: .*\\(got "${value}"\\)`));
  });
});
