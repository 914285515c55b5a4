import type { AddressInfo, Server } from 'node:net';

/** Starts listening and answers the port taken (the one asked for, or the free one the system chose for 0). */
export async function listenOn(server: Server, port: number, host = '0.0.0.0'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}
