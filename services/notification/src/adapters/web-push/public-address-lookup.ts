import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import { BlockList, isIPv4 } from 'node:net';

/** Addresses a push endpoint's host must never resolve to: this machine, private networks, link-local, unspecified. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is one the notification service must not send to (an IPv4-mapped IPv6 address as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return NON_PUBLIC.check(mapped, 'ipv4');
  return isIPv4(address) ? NON_PUBLIC.check(address, 'ipv4') : NON_PUBLIC.check(address, 'ipv6');
}

/** What the lookup fails with for a host that resolves to a non-public address. */
export const NOT_PUBLIC = 'ENOTPUBLIC';

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup that refuses a host resolving to any non-public address. The member service checks the endpoint's name
 * when a device subscribes, but a public name can resolve to an internal address later (or from the start): this is
 * checked at every connection, so a push endpoint can never point the notification service at the internal network.
 */
export function publicAddressLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const found = addresses as LookupAddress[];
    if (found.length === 0 || found.some((entry) => isNonPublicAddress(entry.address))) {
      const refused: NodeJS.ErrnoException = Object.assign(new Error('the push endpoint’s host resolves to a non-public address'), { code: NOT_PUBLIC });
      return callback(refused, '');
    }
    if (options.all) return callback(null, found);
    return callback(null, found[0]!.address, found[0]!.family);
  });
}

/** The HTTPS agent push messages go through in a deployment: connections only to public addresses, kept alive. */
export function publicAddressAgent(): Agent {
  return new Agent({ keepAlive: true, lookup: publicAddressLookup as never });
}
