/**
 * The distributed product for the benchmark, as `npm run start:stack` runs it: each service and the gateway in a
 * process of its own, NATS and Redis of this machine (private ones when they are not running), and MONGODB_URL or
 * jongodb, a MongoDB-compatible test server. Its own databases, stream, Redis keys and alert queue, so it disturbs
 * nothing else using them. Set up by the same commands as the embedded product-host.ts.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { ensureNats, ensureRedis, startJongodb, startStack } from '@swarm/launch';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { serveCommands } from './bench-process.js';
import { coverPlace, type CoverPlaceArgs } from './cover-place.js';

const nats = await ensureNats();
const redis = await ensureRedis();
const mongo = process.env.MONGODB_URL ? { url: process.env.MONGODB_URL, stop: async () => undefined } : await startJongodb();
const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
const passed = ['LOG_LEVEL', 'STATIC_DIR', 'REPORTS_PER_HOUR_PER_CLIENT', 'MAGIC_LINK_LIMIT_PER_CLIENT', 'MAGIC_LINK_LIMIT_PER_ADDRESS'];
const stack = await startStack({
  natsUrl: nats.url,
  redisUrl: redis.url,
  mongoUrl: mongo.url,
  databasePrefix: `bench_${suffix}`,
  natsStream: `BENCH_${suffix}`,
  natsSubjectPrefix: `bench_${suffix}.events`,
  env: Object.fromEntries(passed.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] ?? '']]))),
  onOutput: (name, line) => {
    if (/"level":(50|60)/.test(line)) process.stderr.write(`[${name}] ${line}\n`);
  },
});
const transport = (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2' });
const clients = {
  member: createClient(MemberService, transport(stack.urls.member)),
  associationBilling: createClient(AssociationBillingService, transport(stack.urls['association-billing'])),
};

serveCommands(
  stack.gatewayUrl,
  {
    coverPlace: (args: CoverPlaceArgs) => coverPlace(clients, args),
    memory: async () => ({ rssBytes: process.memoryUsage().rss }),
  },
  async () => {
    await stack.stop();
    await Promise.all([mongo.stop(), nats.stop(), redis.stop()]);
  },
);
