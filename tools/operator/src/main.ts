import { createClient } from '@connectrpc/connect';
import { serviceTransport } from '@swarm/runtime';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { EXIT_USAGE, runOperatorCli } from './cli.js';

const serviceUrl = process.env.ASSOCIATION_BILLING_SERVICE_URL ?? 'http://127.0.0.1:8083';
if (!URL.canParse(serviceUrl) || !/^https?:$/.test(new URL(serviceUrl).protocol)) {
  process.stderr.write(`Error: ASSOCIATION_BILLING_SERVICE_URL must be an http(s) URL, got '${serviceUrl}'\n`);
  process.exit(EXIT_USAGE);
}

/**
 * Writes lines to a stream and tells when all of them have left the process. Into a pipe, a write the reader has
 * not made room for yet is queued in the process, and process.exit drops the queue: `ledger … | wc -l` lost lines.
 * Write callbacks run in order, so the last one's means every line before it is out too.
 */
function lineWriter(stream: NodeJS.WriteStream): { write: (line: string) => void; flushed: () => Promise<void> } {
  let last = Promise.resolve();
  // A reader that went away (`… | head`) fails the pending writes with EPIPE: there is nobody left to tell.
  stream.on('error', () => undefined);
  return {
    write: (line) => {
      last = new Promise((resolve) => stream.write(`${line}\n`, () => resolve()));
    },
    flushed: () => last,
  };
}

const stdout = lineWriter(process.stdout);
const stderr = lineWriter(process.stderr);
const transport = serviceTransport(serviceUrl);
const client = createClient(AssociationBillingService, transport);
const exitCode = await runOperatorCli(process.argv.slice(2), client, { out: stdout.write, err: stderr.write });
await Promise.all([stdout.flushed(), stderr.flushed()]);
// The HTTP/2 session would keep the process alive for its idle timeout.
process.exit(exitCode);
