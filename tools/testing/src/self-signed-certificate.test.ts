import { createPrivateKey, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './self-signed-certificate.js';

describe('selfSignedCertificate', () => {
  it('makes a P-256 certificate for 127.0.0.1 and localhost, signed by its own key and valid now', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const { certificate, privateKey } = selfSignedCertificate({ now });
    const parsed = new X509Certificate(certificate);

    expect(parsed.verify(parsed.publicKey)).toBe(true);
    expect(parsed.checkPrivateKey(createPrivateKey(privateKey))).toBe(true);
    expect(parsed.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(parsed.checkHost('localhost')).toBe('localhost');
    expect(parsed.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(new Date(parsed.validFrom).getTime()).toBeLessThan(now.getTime());
    expect(new Date(parsed.validTo).getTime()).toBeGreaterThan(now.getTime());
  });

  it('encodes every random serial number as DER that OpenSSL accepts', () => {
    // One certificate in 256 had a serial number starting with a zero octet before a clear sign bit: refused as padding.
    for (let round = 0; round < 1_000; round += 1) {
      const { certificate } = selfSignedCertificate();
      expect(() => new X509Certificate(certificate), `round ${round}`).not.toThrow();
    }
  });

  it('writes GeneralizedTime for dates from 2050 on', () => {
    const parsed = new X509Certificate(selfSignedCertificate({ now: new Date('2051-03-04T05:06:07Z') }).certificate);

    expect(new Date(parsed.validTo).toISOString()).toBe('2051-03-05T05:06:07.000Z');
  });
});
