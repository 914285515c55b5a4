import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type LocalAnswer = { status?: number; body?: unknown; contentType?: string };

/**
 * A real HTTP server on a free local port that answers as a provider would (siteverify, Places, Sentry…) and
 * records every request, so adapters are tested over the network rather than with their HTTP client mocked away.
 */
export async function startLocalServer(answer: (request: RecordedRequest) => LocalAnswer | Promise<LocalAnswer>) {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString() };
      requests.push(request);
      const { status = 200, body = {}, contentType = 'application/json' } = await answer(request);
      outgoing.writeHead(status, { 'content-type': contentType });
      outgoing.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A URL on which nothing listens: the port of a server that was started and closed again. */
export async function unreachableUrl(): Promise<string> {
  const server = await startLocalServer(() => ({}));
  await server.close();
  return server.url;
}
