/**
 * Reports a product accepts per second, and how long an answer and an alert take, on this machine.
 *
 *   npx tsx tools/bench/report-throughput.ts [--mode embedded|stack] [--reports 300] [--concurrency 10]
 *
 * Starts the product (embedded: one process, in memory; stack: one process per service on NATS, Redis and a
 * MongoDB-compatible server, as `npm run start:stack` does), covers one town with a member of a funded association,
 * then submits `reports` reports from `concurrency` clients at once, each at its own address, through POST
 * /api/report. Prints the accepted reports per second, the answer time (p50, p95, max) measured by the client, and
 * from the product's own /metrics: the gateway's request latency, the alert SMS sent and the alert latency (report
 * submitted → alert SMS accepted), and the report outbox's lag at the end. SMS go to the dev outbox, so no provider
 * pace limits the alerts here (see docs/running-at-scale.md for the pace of real numbers).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { ensureNats, ensureRedis, startEmbedded, startJongodb, startStack, type RunningServer } from '@swarm/launch';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { createLogger } from '@swarm/runtime';

const { values } = parseArgs({
  options: { mode: { type: 'string', default: 'embedded' }, reports: { type: 'string', default: '300' }, concurrency: { type: 'string', default: '10' } },
});
const mode = values.mode;
const total = Number(values.reports);
const concurrency = Number(values.concurrency);
if (mode !== 'embedded' && mode !== 'stack') throw new Error('--mode is embedded or stack');
if (![total, concurrency].every((value) => Number.isInteger(value) && value >= 1)) throw new Error('--reports and --concurrency are positive integers');

/** Springfield, IL as the offline geocoder places it. */
const limits = { REPORTS_PER_HOUR_PER_CLIENT: String(total * 10), LOG_LEVEL: 'warn' };

type Running = {
  baseUrl: string;
  metricsUrls: { gateway: string; report: string; notification: string };
  member: Client<typeof MemberService>;
  billing: Client<typeof AssociationBillingService>;
  stop: () => Promise<void>;
};

async function start(): Promise<Running> {
  if (mode === 'embedded') {
    const product = await startEmbedded({ env: { PORT: '0', METRICS_PORT: '0', ...limits }, loggerFor: (service) => createLogger({ service, level: 'warn' }) });
    const metricsUrl = product.metricsUrl ?? '';
    return {
      baseUrl: `http://127.0.0.1:${product.port}`,
      metricsUrls: { gateway: metricsUrl, report: metricsUrl, notification: metricsUrl },
      member: product.clients.member,
      billing: product.clients.associationBilling,
      stop: product.close,
    };
  }
  const servers: RunningServer[] = [await ensureNats(), await ensureRedis(), await startJongodb()];
  const [nats, redis, mongo] = servers as [RunningServer, RunningServer, RunningServer];
  const stack = await startStack({ natsUrl: nats.url, redisUrl: redis.url, mongoUrl: mongo.url, databasePrefix: `bench_${Date.now()}`, natsStream: `BENCH_${Date.now()}`, natsSubjectPrefix: `bench${Date.now()}`, env: limits });
  const transport = (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2' });
  return {
    baseUrl: stack.gatewayUrl,
    metricsUrls: { gateway: stack.metricsUrls.gateway, report: stack.metricsUrls.report, notification: stack.metricsUrls.notification },
    member: createClient(MemberService, transport(stack.urls.member)),
    billing: createClient(AssociationBillingService, transport(stack.urls['association-billing'])),
    stop: async () => {
      await stack.stop();
      for (const server of servers.reverse()) await server.stop();
    },
  };
}

/** A member at Springfield, alerted up to 50 ft, in an association funded for every alert of the run. */
async function coverSpringfield(product: Running): Promise<void> {
  const { member, billing } = product;
  const { member: created } = await member.ensureMember({ email: `bench-${randomUUID()}@example.org` });
  const memberId = created?.memberId ?? '';
  await member.updateMemberInformation({ memberId, name: 'Bea Keeper', phoneNumber: '5035550100', address: '9 Hive Road, Springfield, IL, USA' });
  await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
  const { association } = await billing.createAssociation({ companyName: 'Springfield Beekeepers', donationUrl: 'https://example.org/give' });
  const companyId = association?.companyId ?? '';
  const { activationCode } = await billing.issueActivationCode({ companyId });
  await billing.joinAssociation({ memberId, activationCode });
  await billing.topUp({ companyId, amountCents: total * 10 + 1_000, topUpId: randomUUID() });
}

function reportForm(index: number): FormData {
  const form = new FormData();
  const fields = { reporterName: 'Ada Reporter', reporterPhone: '5551234567', size: 'Basketball', elevation: '12', address: `${index + 1} Apiary Lane, Springfield, IL, USA`, recaptchaToken: 'bench', idempotencyId: randomUUID() };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** One series' value from a Prometheus text exposition. */
function metric(exposition: string, series: string): number {
  const line = exposition.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

/** The upper bound of the histogram bucket holding the q-quantile (what Prometheus' histogram_quantile approximates). */
function bucketQuantile(exposition: string, name: string, labels: string, q: number): string {
  const buckets = exposition
    .split('\n')
    .filter((line) => line.startsWith(`${name}_bucket{`) && line.includes(labels))
    .map((line) => ({ le: /le="([^"]+)"/.exec(line)?.[1] ?? '+Inf', count: Number(line.slice(line.lastIndexOf(' ') + 1)) }));
  const count = buckets.at(-1)?.count ?? 0;
  return buckets.find((bucket) => bucket.count >= q * count)?.le ?? 'n/a';
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const scrape = async (url: string) => (await fetch(url)).text();

const product = await start();
try {
  await coverSpringfield(product);
  const durations: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const sent = performance.now();
        const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: reportForm(index) });
        await response.arrayBuffer();
        durations.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1_000;
  // Let the last alerts go out before reading the alert figures.
  const deadline = Date.now() + 60_000;
  let notification = await scrape(product.metricsUrls.notification);
  while (metric(notification, 'swarm_sms_sent_total') < (statuses.get(201) ?? 0) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    notification = await scrape(product.metricsUrls.notification);
  }
  const gateway = await scrape(product.metricsUrls.gateway);
  const report = await scrape(product.metricsUrls.report);
  durations.sort((a, b) => a - b);
  const submitted = 'route="/api/report",status_code="201"';
  console.info(
    JSON.stringify(
      {
        mode,
        reports: total,
        concurrency,
        statuses: Object.fromEntries(statuses),
        acceptedPerSecond: Number(((statuses.get(201) ?? 0) / seconds).toFixed(1)),
        answerMs: { p50: Math.round(percentile(durations, 0.5)), p95: Math.round(percentile(durations, 0.95)), max: Math.round(durations.at(-1) ?? 0) },
        gatewayLatencyP95BucketSeconds: bucketQuantile(gateway, 'swarm_http_request_duration_seconds', submitted, 0.95),
        smsSent: metric(notification, 'swarm_sms_sent_total'),
        alertLatencyP95BucketSeconds: bucketQuantile(notification, 'swarm_alert_latency_seconds', '', 0.95),
        alertLatencyMeanSeconds: Number((metric(notification, 'swarm_alert_latency_seconds_sum') / metric(notification, 'swarm_alert_latency_seconds_count')).toFixed(2)),
        reportOutboxLagSeconds: metric(report, 'swarm_outbox_lag_seconds{service="report"}'),
      },
      null,
      2,
    ),
  );
} finally {
  await product.stop();
}
