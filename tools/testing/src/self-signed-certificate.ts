import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4 } from 'node:net';

/**
 * A throwaway TLS certificate for a local HTTPS server in tests: ECDSA P-256, self-signed, valid for a day, naming
 * 127.0.0.1 and localhost. Made at run time rather than kept in the repository, so no private key is committed, and
 * without the openssl command, which a fresh machine may lack. The client trusts it by passing `certificate` as `ca`.
 */
export type SelfSignedCertificate = { certificate: string; privateKey: string };

export function selfSignedCertificate(options: { commonName?: string; ipAddresses?: string[]; dnsNames?: string[]; now?: Date } = {}): SelfSignedCertificate {
  const { commonName = 'swarm-alert local test server', ipAddresses = ['127.0.0.1'], dnsNames = ['localhost'], now = new Date() } = options;
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = sequence(set(sequence(objectId('2.5.4.3'), utf8String(commonName))));
  const ecdsaWithSha256 = sequence(objectId('1.2.840.10045.4.3.2'));
  const alternativeNames = [
    ...ipAddresses.map((ip) => {
      if (!isIPv4(ip)) throw new Error(`only IPv4 addresses are supported in the test certificate: ${ip}`);
      return element(0x87, Buffer.from(ip.split('.').map(Number)));
    }),
    ...dnsNames.map((dnsName) => element(0x82, Buffer.from(dnsName, 'ascii'))),
  ];
  // A positive serial number of at most 20 octets, its first octet neither zero nor with the sign bit set, so that
  // its DER encoding is minimal without padding (a leading zero octet before a clear sign bit is refused as padding).
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  const tbsCertificate = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    ecdsaWithSha256,
    name,
    sequence(time(new Date(now.getTime() - 60 * 60_000)), time(new Date(now.getTime() + 24 * 60 * 60_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(
      3,
      sequence(
        // basicConstraints, critical, cA: it is its own trust anchor.
        sequence(objectId('2.5.29.19'), TRUE, element(0x04, sequence(TRUE))),
        sequence(objectId('2.5.29.17'), element(0x04, sequence(...alternativeNames))),
      ),
    ),
  );
  const signature = sign('sha256', tbsCertificate, privateKey);
  const certificate = sequence(tbsCertificate, ecdsaWithSha256, element(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { certificate: pem('CERTIFICATE', certificate), privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

function element(tag: number, content: Buffer): Buffer {
  const length = content.length;
  const lengthOctets =
    length < 0x80 ? Buffer.from([length]) : length < 0x100 ? Buffer.from([0x81, length]) : Buffer.from([0x82, length >> 8, length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), lengthOctets, content]);
}

const sequence = (...items: Buffer[]) => element(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => element(0x31, Buffer.concat(items));
const explicit = (tagNumber: number, content: Buffer) => element(0xa0 + tagNumber, content);
const utf8String = (text: string) => element(0x0c, Buffer.from(text, 'utf8'));
const TRUE = Buffer.from([0x01, 0x01, 0xff]);

/** A DER INTEGER from unsigned big-endian octets (a leading zero keeps it positive). */
const integer = (octets: Buffer) => element(0x02, (octets[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), octets]) : octets);

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const octets = [40 * first + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) base128.unshift((value & 0x7f) | 0x80);
    octets.push(...base128);
  }
  return element(0x06, Buffer.from(octets));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const digits = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050 ? element(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii')) : element(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}

const pem = (label: string, der: Buffer) => `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END ${label}-----\n`;
