import { createClient } from '@connectrpc/connect';
import { serviceTransport } from '@swarm/runtime';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { EXIT_USAGE, runOperatorCli } from './cli.js';

/** A service's URL from the environment, or its default; the process stops on one that is not http(s). */
function serviceUrl(variable: string, fallback: string): string {
  const url = process.env[variable] ?? fallback;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    process.stderr.write(`Error: ${variable} must be an http(s) URL, got '${url}'\n`);
    process.exit(EXIT_USAGE);
  }
  return url;
}

const associationBillingUrl = serviceUrl('ASSOCIATION_BILLING_SERVICE_URL', 'http://127.0.0.1:8083');
const insightsUrl = serviceUrl('INSIGHTS_SERVICE_URL', 'http://127.0.0.1:8085');
const memberUrl = serviceUrl('MEMBER_SERVICE_URL', 'http://127.0.0.1:8082');

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
// Each connection opens on its first call, so a command never reaches a service it does not use.
const clients = {
  associationBilling: createClient(AssociationBillingService, serviceTransport(associationBillingUrl)),
  insights: createClient(InsightsService, serviceTransport(insightsUrl)),
  member: createClient(MemberService, serviceTransport(memberUrl)),
};
const exitCode = await runOperatorCli(process.argv.slice(2), clients, { out: stdout.write, err: stderr.write });
await Promise.all([stdout.flushed(), stderr.flushed()]);
// The HTTP/2 session would keep the process alive for its idle timeout.
process.exit(exitCode);
