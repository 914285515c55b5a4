/**
 * A Twilio-shaped Messages API that only counts, in a process of its own: the product's Twilio adapter hands its SMS
 * here, and the benchmark asks when the n-th message to a group of numbers arrived (epoch milliseconds, comparable
 * across the processes of this machine).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveCommands } from './bench-process.js';

/** Arrival times of the messages, by the first digits of the number they are to (+1 and the group's prefix). */
const arrivals: { to: string; atEpochMs: number }[] = [];
const waiters: { prefix: string; count: number; resolve: (atEpochMs: number) => void }[] = [];

const arrivalsTo = (prefix: string) => arrivals.filter((arrival) => arrival.to.startsWith(`+1${prefix}`));

function settleWaiters(): void {
  for (const waiter of [...waiters]) {
    const matching = arrivalsTo(waiter.prefix);
    const reached = matching[waiter.count - 1];
    if (reached) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(reached.atEpochMs);
    }
  }
}

let sent = 0;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    arrivals.push({ to, atEpochMs: Date.now() });
    sent += 1;
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ sid: `SM${sent.toString(16).padStart(32, '0')}`, status: 'queued', to, body: form.get('Body') }));
    settleWaiters();
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
  count: async (args: { prefix: string }) => arrivalsTo(args.prefix).length,
  /** When the `count`-th message to the group arrived, waiting for it up to `timeoutMs`. */
  arrivalOf: (args: { prefix: string; count: number; timeoutMs: number }) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${arrivalsTo(args.prefix).length} of ${args.count} SMS to ${args.prefix}… within ${args.timeoutMs} ms`)), args.timeoutMs);
      waiters.push({ prefix: args.prefix, count: args.count, resolve: (at) => (clearTimeout(timer), resolve(at)) });
      settleWaiters();
    }),
});
