import { describe, expect, it } from 'vitest';
import {
  alreadyClaimedReply,
  alreadyYoursReply,
  claimAnswerText,
  claimedReply,
  claimedSwarmLocation,
  HELP_REPLY,
  locationSms,
  mapUrlOf,
  OPT_IN_REPLY,
  OPT_OUT_REPLY,
  readInboundSms,
  TOO_MANY_WRONG_CODES_REPLY,
  UNKNOWN_CODE_REPLY,
} from './inbound-sms.js';
import { gsm7Length, isSingleGsm7Segment, toGsm7 } from './sms-text.js';

describe('readInboundSms', () => {
  it('reads every opt-out, opt-in and help keyword in any case with spaces around', () => {
    for (const word of ['STOP', 'stopall', 'Unsubscribe', 'cancel', 'END', 'quit', 'REVOKE', 'optout']) {
      expect(readInboundSms(`  ${word}\n`)).toEqual({ kind: 'opt-out' });
    }
    for (const word of ['START', 'yes', 'Unstop']) expect(readInboundSms(word)).toEqual({ kind: 'opt-in' });
    for (const word of ['HELP', 'info']) expect(readInboundSms(` ${word} `)).toEqual({ kind: 'help' });
  });

  it('counts a keyword only when it is the whole message', () => {
    for (const body of ['STOP please', 'please stop', 'STOP STOP', 'yes!', 'helpme', 'S T O P']) expect(readInboundSms(body)).toEqual({ kind: 'other' });
  });

  it('reads exactly five digits as a claim code', () => {
    expect(readInboundSms(' 01234 ')).toEqual({ kind: 'claim', claimCode: '01234' });
    for (const body of ['1234', '123456', '12 345', 'code 12345', '１２３４５']) expect(readInboundSms(body)).toEqual({ kind: 'other' });
  });
});

describe('SMS texts', () => {
  it('are each one GSM-7 segment', () => {
    const texts = [HELP_REPLY, OPT_IN_REPLY, OPT_OUT_REPLY, UNKNOWN_CODE_REPLY, TOO_MANY_WRONG_CODES_REPLY, claimedReply('12345'), alreadyYoursReply('12345'), alreadyClaimedReply('12345')];
    for (const text of texts) expect(isSingleGsm7Segment(text), text).toBe(true);
  });

  it('counts extension characters twice and refuses emoji and curly quotes', () => {
    expect(gsm7Length('a€')).toBe(3);
    expect(gsm7Length('it’s')).toBeUndefined();
    expect(gsm7Length('bees 🐝')).toBeUndefined();
    expect(toGsm7('it’s “Côte” — 🐝 here')).toBe('it\'s "Cote" -  here');
  });

  it('gives the claimer the address, reporter and a map link in one GSM-7 segment', () => {
    const text = locationSms({ claimCode: '12345', address: '1 Hive Way, Portland', location: { latitude: 45.5152, longitude: -122.6784 }, reporterName: 'Jo Doe', reporterPhone: '5035550100' });
    expect(text).toBe('Swarm 12345 is yours. Address: 1 Hive Way, Portland. Reporter: Jo Doe 503-555-0100 Map: https://maps.google.com/?q=45.51520,-122.67840');
    expect(isSingleGsm7Segment(text)).toBe(true);
  });

  it('gives a claim page the place and the contact one field each, with a map of the coordinates or else of the address', () => {
    const details = { claimCode: '12345', address: ' 1 Hive  Way,\nPortland ', location: { latitude: 45.5152, longitude: -122.6784 }, reporterName: 'Jo  Doe', reporterPhone: '5035550100' };
    expect(claimedSwarmLocation(details)).toEqual({ address: '1 Hive Way, Portland', reporterName: 'Jo Doe', reporterPhone: '5035550100', mapUrl: 'https://maps.google.com/?q=45.51520,-122.67840' });
    expect(mapUrlOf({ address: '1 Hive Way, Portland & Co', location: undefined })).toBe('https://maps.google.com/?q=1%20Hive%20Way%2C%20Portland%20%26%20Co');
    expect(claimAnswerText(details)).toBe('Address: 1 Hive Way, Portland. Reporter: Jo Doe 503-555-0100');
  });

  it('keeps a long address whole and in GSM-7, dropping the map link instead', () => {
    const address = '12345 North East Very Long Boulevard Name Extension, Apartment 1234, Some Long City Name, Oregon 97201, USA’s';
    const text = locationSms({ claimCode: '12345', address, location: { latitude: 1, longitude: 2 }, reporterName: 'Jo Doe', reporterPhone: '5035550100' });
    expect(text).toContain("Apartment 1234, Some Long City Name, Oregon 97201, USA's");
    expect(text).not.toContain('Map:');
    expect(gsm7Length(text)).toBeDefined();
  });
});
