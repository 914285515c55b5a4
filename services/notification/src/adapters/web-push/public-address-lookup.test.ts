import { describe, expect, it } from 'vitest';
import { isNonPublicAddress, NOT_PUBLIC, publicAddressLookup } from './public-address-lookup.js';

describe('the push endpoint lookup', () => {
  it('tells internal addresses from public ones, IPv4-mapped included', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1']) {
      expect(isNonPublicAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '142.250.72.14', '2607:f8b0:4005:80f::200e', '::ffff:8.8.8.8']) {
      expect(isNonPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to this machine', async () => {
    const answer = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      publicAddressLookup('localhost', {}, (error, address) => resolve({ error, address })),
    );
    expect(answer.error?.code).toBe(NOT_PUBLIC);
  });
});
