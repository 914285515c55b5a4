import { describe, expect, it } from 'vitest';
import { alertMessage, isGsm7, SMS_SEGMENT_LENGTH } from './alert-message.js';
import { gsm7Length } from './sms-text.js';

describe('alert message', () => {
  it('says the size, height, distance and how to claim with the code', () => {
    const text = alertMessage({ claimCode: '04217', size: 'Basketball', elevationFeet: 12, distanceMiles: 3.456 });
    expect(text).toBe('Swarm Alert: Basketball swarm, 12 ft up, 3.5 mi from home. To claim it, reply with the code 04217');
  });

  const sizes = ['Softball', 'Basketball', 'Very Large'];
  const distances = [0, 0.04, 2.5, 24.99, 999.99, 123456789.123, 1e21];
  const elevations = [0, 10, 50];
  for (const size of sizes) {
    for (const distanceMiles of distances) {
      for (const elevationFeet of elevations) {
        it(`fits one GSM-7 segment and keeps the code: ${size}, ${distanceMiles} mi, ${elevationFeet} ft`, () => {
          const text = alertMessage({ claimCode: '99999', size, elevationFeet, distanceMiles });
          const wider = alertMessage({ claimCode: '99999', size, elevationFeet, distanceMiles, wider: true });
          expect(wider.length).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
          expect(wider).toMatch(/^Swarm Alert, wider alert \(still unclaimed\): .* reply with the code 99999$/);
          expect(text.length).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
          expect(isGsm7(text)).toBe(true);
          expect(text).toContain('reply with the code 99999');
          expect(text).toContain(size);
        });
      }
    }
  }

  it('drops characters outside GSM-7 that could switch the message to UCS-2', () => {
    const text = alertMessage({ claimCode: '12345', size: 'Very Large 🐝', elevationFeet: 5, distanceMiles: Number.NaN });
    expect(isGsm7(text)).toBe(true);
    expect(text).toContain('0.0 mi');
  });

  it('marks a test alert as the test email is marked, within one segment', () => {
    const text = alertMessage({ claimCode: '00000', size: 'Basketball', elevationFeet: 12, distanceMiles: 1.5, test: true });
    expect(text).toBe('[Test] Swarm Alert: Basketball swarm, 12 ft up, 1.5 mi from home. To claim it, reply with the code 00000');
    expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
    expect(alertMessage({ claimCode: '00000', size: 'Basketball', elevationFeet: 12, distanceMiles: 1.5 })).not.toContain('Test');
  });

  it("says when the reporter speaks Spanish, within one GSM-7 segment at the longest, and nothing for English", () => {
    expect(alertMessage({ claimCode: '04217', size: 'Basketball', elevationFeet: 12, distanceMiles: 3.456, reporterLanguage: 'es' })).toBe(
      'Swarm Alert: Basketball swarm, 12 ft up, 3.5 mi from home. Reporter speaks Spanish. To claim it, reply with the code 04217',
    );
    expect(alertMessage({ claimCode: '04217', size: 'Basketball', elevationFeet: 12, distanceMiles: 3.456, reporterLanguage: 'en' })).toBe(
      'Swarm Alert: Basketball swarm, 12 ft up, 3.5 mi from home. To claim it, reply with the code 04217',
    );
    for (const distanceMiles of distances) {
      const text = alertMessage({ claimCode: '99999', size: 'Very Large', elevationFeet: 50, distanceMiles, wider: true, reporterLanguage: 'es' });
      expect(gsm7Length(text)).toBeLessThanOrEqual(SMS_SEGMENT_LENGTH);
      expect(text).toContain('Reporter speaks Spanish.');
      expect(text).toMatch(/reply with the code 99999$/);
    }
  });

  it('knows GSM-7 from UCS-2', () => {
    expect(isGsm7('Plain text 123 @£')).toBe(true);
    expect(isGsm7('curly ’quote’')).toBe(false);
  });
});
