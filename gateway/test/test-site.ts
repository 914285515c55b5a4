import { freePort } from '@swarm/testing';
import { siteIdentity, type SiteIdentity } from '../src/auth/site-identity.js';

/**
 * The identity of a gateway under test: its public URL (the one in links; its own address when none is given), and
 * the address tests call it at, 127.0.0.1 on a port picked before it is built.
 */
export async function testSite(publicUrl?: string): Promise<{ site: SiteIdentity; port: number }> {
  const port = await freePort();
  const local = `127.0.0.1:${port}`;
  const site = siteIdentity(publicUrl ?? `http://${local}`);
  return { port, site: { ...site, hosts: new Set([...site.hosts, local]), origins: new Set([...site.origins, `http://${local}`]) } };
}
