import { describe, expect, it } from 'vitest';
import { isSingleSegment, smsEncodingOf, smsSegmentsOf } from './sms-text.js';

describe('SMS segments', () => {
  it('sends a GSM-7 text of up to 160 characters as one segment, and 153 a segment beyond', () => {
    expect(smsEncodingOf('Swarm Alert: ¿dónde?')).toBe('UCS-2');
    expect(smsEncodingOf('Swarm Alert: ¡gracias! el señor Müller, café')).toBe('GSM-7');
    expect(smsSegmentsOf('a'.repeat(160))).toBe(1);
    expect(smsSegmentsOf('a'.repeat(161))).toBe(2);
    expect(smsSegmentsOf('a'.repeat(306))).toBe(2);
    expect(smsSegmentsOf('a'.repeat(307))).toBe(3);
  });

  it('counts the extension characters (€, [, ], {, }) twice', () => {
    expect(smsSegmentsOf('€'.repeat(80))).toBe(1);
    expect(smsSegmentsOf('€'.repeat(81))).toBe(2);
  });

  it('sends a text with one character outside GSM-7 (á, í, ó, ú, an emoji, a curly quote) as UCS-2: 70 a segment, 67 beyond', () => {
    for (const letter of ['á', 'í', 'ó', 'ú', 'Á', '’']) {
      expect(smsEncodingOf(`Swarm Alert ${letter}`)).toBe('UCS-2');
      expect(smsSegmentsOf(letter + 'a'.repeat(69))).toBe(1);
      expect(smsSegmentsOf(letter + 'a'.repeat(70))).toBe(2);
    }
    expect(smsSegmentsOf('ó'.repeat(134))).toBe(2);
    expect(smsSegmentsOf('ó'.repeat(135))).toBe(3);
    // An emoji outside the BMP takes two UTF-16 code units.
    expect(smsSegmentsOf('🐝'.repeat(35))).toBe(1);
    expect(smsSegmentsOf('🐝'.repeat(36))).toBe(2);
  });

  it('tells one segment from more in either encoding', () => {
    expect(isSingleSegment('a'.repeat(160))).toBe(true);
    expect(isSingleSegment(`á${'a'.repeat(100)}`)).toBe(false);
    expect(isSingleSegment('')).toBe(true);
  });
});
