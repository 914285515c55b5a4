import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { EXIT_USAGE, runOperatorCli } from './cli.js';

const serviceUrl = process.env.ASSOCIATION_BILLING_SERVICE_URL ?? 'http://127.0.0.1:8083';
if (!URL.canParse(serviceUrl) || !/^https?:$/.test(new URL(serviceUrl).protocol)) {
  process.stderr.write(`Error: ASSOCIATION_BILLING_SERVICE_URL must be an http(s) URL, got '${serviceUrl}'\n`);
  process.exit(EXIT_USAGE);
}
const transport = createConnectTransport({ baseUrl: serviceUrl, httpVersion: '2', useBinaryFormat: true });
const client = createClient(AssociationBillingService, transport);
const exitCode = await runOperatorCli(process.argv.slice(2), client, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
// The HTTP/2 session would keep the process alive for its idle timeout.
process.exit(exitCode);
