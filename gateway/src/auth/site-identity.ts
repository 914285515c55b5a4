import { isIP } from 'node:net';

/**
 * Who the product is on the web, from configuration only: the public URL that links in emails, OpenID redirect URIs
 * and the Twilio webhook are built from, and the hosts and origins a state-changing request may name. Nothing here
 * ever comes from a request's Host or X-Forwarded-* headers, which anyone can set.
 */
export type SiteIdentity = {
  /** The public base URL without a trailing slash, e.g. `https://swarm.example.org`. */
  publicUrl: string;
  /** Host header values (lower case, with the port unless it is the scheme's default) a mutation may carry. */
  hosts: ReadonlySet<string>;
  /** Origin header values a mutation may carry. */
  origins: ReadonlySet<string>;
};

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The identity for a public URL. With `loopbackAliases` (the embedded default, reached on this machine only) a
 * loopback public URL also answers to the other loopback names on the same port, so `http://127.0.0.1:8080` works as
 * well as `http://localhost:8080`.
 */
export function siteIdentity(publicUrl: string, options: { loopbackAliases?: boolean } = {}): SiteIdentity {
  const url = new URL(publicUrl);
  const names = options.loopbackAliases && isLoopbackName(url.hostname) ? LOOPBACK_NAMES : [url.hostname];
  const hosts = names.map((name) => {
    const alias = new URL(url.toString());
    alias.hostname = name;
    return alias.host.toLowerCase();
  });
  return {
    publicUrl: `${url.origin}${url.pathname.replace(/\/+$/, '')}`,
    hosts: new Set(hosts),
    origins: new Set(hosts.map((host) => `${url.protocol}//${host}`)),
  };
}

/** A name that always means this machine. */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(?:\.\d{1,3}){3}$/.test(name);
}

/** The hostname of a Host header value (`localhost:8080` → `localhost`, `[::1]:8080` → `[::1]`). */
export function hostnameOf(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  return value.replace(/:\d*$/, '');
}

/** A peer address on this machine, as the socket reports it (IPv4, IPv6 or IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** An address to listen on that only this machine can reach. */
export function isLoopbackListenAddress(host: string): boolean {
  return isLoopbackName(host);
}
