import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { mongoTarget, testNatsUrl, testRedisUrl, uniqueDatabaseName, uniqueStreamName, type FakeTwilio } from '@swarm/testing';
import { createLogger } from '@swarm/runtime';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { startEmbedded } from '../src/embedded.js';
import { STACK_SERVICES, startStack, type RunningStack, type StackProcessName } from '../src/stack.js';

/** What the end-to-end test needs of a running product, whichever mode runs it. */
export type RunningProduct = {
  baseUrl: string;
  /** Every log line printed so far by the part of the product that hosts the notification service. */
  notificationLog: () => Record<string, unknown>[];
  /** Every log line printed so far by any part of the product; `service` names the part. */
  productLog: () => Record<string, unknown>[];
  findDispatch: (reportId: string) => Promise<{ reportId: string } | undefined>;
  /** Where each part's Prometheus metrics are scraped (one URL for every part of the embedded product). */
  metricsUrls: Record<StackProcessName, string>;
  /** Makes a beekeeper living at the place a member of a new, funded association, so reports there are covered. */
  coverPlace: (place: CoveredPlace) => Promise<{ memberId: string; companyId: string; email: string }>;
  /** The report, notification and insights services' own RPCs, for what a journey checks beyond the site (statistics, claims). */
  reports: Client<typeof ReportService>;
  /** The member service's own RPCs, for a member's change made without the site. */
  members: Client<typeof MemberService>;
  notification: Client<typeof NotificationService>;
  insights: Client<typeof InsightsService>;
  /**
   * Everything the product keeps, as text to search: every record of every store (binary fields, pictures and
   * protobuf payloads as their bytes), each named by where it is. Embedded: each service's in-memory stores and the
   * files of the run's data directory; distributed: every document of every service's database and the alert queue's
   * keys in Redis. The dev outboxes, which stand in for phones and mailboxes, are not the product's stores.
   */
  everythingStored: () => Promise<StoredText[]>;
  stop: () => Promise<void>;
};

/** A record the product keeps, and its text. */
export type StoredText = { where: string; text: string };

/**
 * The text of every string and byte array reachable from `value` (Maps, Sets, arrays, objects and their own fields,
 * private ones included), bytes read as Latin-1 so any UTF-8 text inside them is found.
 */
export function textsIn(value: unknown, seen = new WeakSet<object>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  if (seen.has(value)) return [];
  seen.add(value);
  if (value instanceof Uint8Array) return [Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('latin1')];
  if (value instanceof Date) return [];
  if (value instanceof Map) return [...value].flatMap(([key, entry]) => [...textsIn(key, seen), ...textsIn(entry, seen)]);
  if (value instanceof Set) return [...value].flatMap((entry) => textsIn(entry, seen));
  return Object.values(value).flatMap((entry) => textsIn(entry, seen));
}

function filesUnder(directory: string): string[] {
  try {
    return readdirSync(directory).flatMap((name) => {
      const path = join(directory, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
  } catch {
    return [];
  }
}

export type CoveredPlace = {
  latitude: number;
  longitude: number;
  address: string;
  associationName: string;
  donationUrl: string;
  /** The beekeeper's phone number: 5035550100 unless given. */
  phoneNumber?: string;
};

/**
 * Through the services' own RPCs, as the member area and the association's sign-up will: a member with a home at
 * the place who accepts swarms up to 50 ft, joined by activation code to an association topped up with $20.
 */
async function coverPlace(
  member: Client<typeof MemberService>,
  billing: Client<typeof AssociationBillingService>,
  place: CoveredPlace,
): Promise<{ memberId: string; companyId: string; email: string }> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `keeper-${suffix}@example.org`;
  const { member: created } = await member.ensureMember({ email });
  const memberId = created?.memberId ?? '';
  await member.updateMemberInformation({
    memberId,
    name: 'Bea Keeper',
    phoneNumber: place.phoneNumber ?? '5035550100',
    address: place.address,
  });
  // Available all day, every day: the alerts of these journeys go out whatever the hour the tests run at (the default
  // windows are evenings and weekends).
  await member.updateAvailability({ memberId, elevationMaximumFeet: 50, dayHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, fromHour: 0, toHour: 24 })) });
  const { association } = await billing.createAssociation({ companyName: place.associationName, donationUrl: place.donationUrl });
  const companyId = association?.companyId ?? '';
  const { activationCode } = await billing.issueActivationCode({ companyId });
  await billing.joinAssociation({ memberId, activationCode });
  await billing.topUp({ companyId, amountCents: 2_000, topUpId: `e2e-${suffix}` });
  return { memberId, companyId, email };
}

export const SPA_MARKER = '<!-- swarm-alert test spa -->';
export const HASHED_ASSET = 'index-3f9a1c.js';

/** A stand-in build of the SPA, so the gateway's static serving is tested without building the frontend. */
export function staticDirWithIndex(): string {
  const dir = mkdtempSync(join(tmpdir(), 'swarm-spa-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html><body>${SPA_MARKER}</body></html>`);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', HASHED_ASSET), 'console.info("app");');
  return dir;
}

function parseJsonLines(lines: string[]): Record<string, unknown>[] {
  return lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

export async function startEmbeddedProduct(extraEnv: Record<string, string> = {}): Promise<RunningProduct> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const product = await startEmbedded({
    env: { PORT: '0', METRICS_PORT: '0', STATIC_DIR: staticDirWithIndex(), ...extraEnv },
    // The product's own logger (trace ids, censored personal fields), written to the test's sink.
    loggerFor: (service) => createLogger({ service, level: 'info', destination: sink }),
  });
  const metricsUrl = product.metricsUrl ?? '';
  return {
    baseUrl: `http://127.0.0.1:${product.port}`,
    metricsUrls: Object.fromEntries([...STACK_SERVICES, 'gateway'].map((part) => [part, metricsUrl])) as Record<StackProcessName, string>,
    notificationLog: () => parseJsonLines(lines).filter((line) => line.service === 'notification'),
    productLog: () => parseJsonLines(lines),
    findDispatch: async (reportId) => {
      try {
        return (await product.clients.notification.getAlertDispatch({ reportId })).dispatch;
      } catch {
        return undefined;
      }
    },
    coverPlace: (place) => coverPlace(product.clients.member, product.clients.associationBilling, place),
    reports: product.clients.report,
    members: product.clients.member,
    notification: product.clients.notification,
    insights: product.clients.insights,
    everythingStored: async () => [
      ...Object.entries(product.stores).flatMap(([service, stores]) =>
        Object.entries(stores).map(([store, kept]) => ({ where: `${service} ${store}`, text: textsIn(kept).join('\n') })),
      ),
      ...filesUnder(product.dataDir).map((path) => ({ where: path, text: readFileSync(path).toString('latin1') })),
    ],
    stop: product.close,
  };
}

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The collections a service's code names (its adapters', and the runtime's shared outbox), read from its source: the
 * MongoDB-compatible test server cannot list a database's collections, and a collection added later is found too.
 */
function collectionsNamedBy(serviceDirectory: string): string[] {
  const sources = [join(repositoryRoot, 'services', serviceDirectory, 'src'), join(repositoryRoot, 'services', 'runtime', 'src', 'mongo')].flatMap(filesUnder);
  const names = sources
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.test.ts') && !path.includes('contract'))
    .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/\.collection(?:<[^>]*>)?\(\s*'([a-z_]+)'/g)].map((match) => match[1] ?? ''));
  return [...new Set(names)].sort();
}

/** Every document of the stack's databases and every key of its alert queue, read as text. */
async function everythingStoredIn(stack: RunningStack, mongoUrl: string, databasePrefix: string): Promise<StoredText[]> {
  const found: StoredText[] = [];
  const mongo = await MongoClient.connect(mongoUrl);
  try {
    for (const service of ['report', 'member', 'association-billing', 'notification', 'insights']) {
      const db = mongo.db(`${databasePrefix}_${service.replace('-', '_')}`);
      const listed = await db
        .listCollections()
        .toArray()
        .then((collections) => collections.map(({ name }) => name))
        .catch(() => [] as string[]);
      for (const name of new Set([...listed, ...collectionsNamedBy(service)])) {
        for (const document of await db.collection(name).find().toArray()) {
          found.push({ where: `${db.databaseName}.${name} ${String(document._id)} ${typeof document.type === 'string' ? document.type : ''}`.trim(), text: textsIn(document).join('\n') });
        }
      }
    }
  } finally {
    await mongo.close();
  }
  const redis = new Redis(testRedisUrl());
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${stack.alertQueue.prefix}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    for (const key of keys) {
      const type = await redis.type(key);
      const values =
        type === 'hash' ? Object.entries(await redis.hgetall(key)).flat()
        : type === 'string' ? [(await redis.get(key)) ?? '']
        : type === 'list' ? await redis.lrange(key, 0, -1)
        : type === 'set' ? await redis.smembers(key)
        : type === 'zset' ? await redis.zrange(key, 0, -1)
        : [];
      found.push({ where: `redis ${key}`, text: values.join('\n') });
    }
  } finally {
    redis.disconnect();
  }
  return found;
}

/** `databasePrefix`: each service's MongoDB database is `${databasePrefix}_${service}` (report, notification…). */
export type DistributedProduct = RunningProduct & { stack: RunningStack; stream: string; subjectPrefix: string; databasePrefix: string };

export async function startDistributedProduct(extraEnv: Record<string, string> = {}): Promise<DistributedProduct> {
  const target = mongoTarget();
  if (!target) throw new Error('no MongoDB or MongoDB-compatible server: run through npm test, or set MONGODB_URL');
  const { stream, subjectPrefix } = uniqueStreamName();
  const output: string[] = [];
  const everyOutput: string[] = [];
  const databasePrefix = uniqueDatabaseName('e2e');
  const stack = await startStack({
    natsUrl: testNatsUrl(),
    redisUrl: testRedisUrl(),
    mongoUrl: target.url,
    databasePrefix,
    natsStream: stream,
    natsSubjectPrefix: subjectPrefix,
    env: { LOG_LEVEL: 'info', STATIC_DIR: staticDirWithIndex(), ...extraEnv },
    onOutput: (name, line) => {
      if (name === 'notification') output.push(line);
      everyOutput.push(line);
      if (process.env.TEST_LOG_LEVEL) process.stderr.write(`[${name}] ${line}\n`);
    },
  });
  const transport = (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2' });
  const notification = createClient(NotificationService, transport(stack.urls.notification));
  const insights = createClient(InsightsService, transport(stack.urls.insights));
  return {
    stack,
    stream,
    subjectPrefix,
    databasePrefix,
    baseUrl: stack.gatewayUrl,
    metricsUrls: stack.metricsUrls,
    notificationLog: () => parseJsonLines(output),
    productLog: () => parseJsonLines(everyOutput),
    findDispatch: async (reportId) => {
      try {
        return (await notification.getAlertDispatch({ reportId }, { timeoutMs: 2_000 })).dispatch;
      } catch {
        return undefined;
      }
    },
    coverPlace: (place) =>
      coverPlace(createClient(MemberService, transport(stack.urls.member)), createClient(AssociationBillingService, transport(stack.urls['association-billing'])), place),
    reports: createClient(ReportService, transport(stack.urls.report)),
    members: createClient(MemberService, transport(stack.urls.member)),
    notification,
    insights,
    everythingStored: () => everythingStoredIn(stack, target.url, databasePrefix),
    stop: stack.stop,
  };
}

/** An alert job as the notification service keeps it in BullMQ (see bullmq-alert-scheduler.ts). */
/** A job of the notification service's queue: alerts and escalations carry a member and a round, a report's other jobs not. */
export type AlertJobData = { job: { kind: string; jobId: string; reportId: string; memberId: string; round: string }; runAt: string };

export type AlertingProduct = {
  product: DistributedProduct;
  member: Client<typeof MemberService>;
  billing: Client<typeof AssociationBillingService>;
  /** The notification service's alert queue, read (and promoted) by the test as a controllable clock would. */
  alerts: Queue<AlertJobData>;
  stop: () => Promise<void>;
};

/** The distributed product texting through the Twilio adapter to a local Twilio-shaped server, with the webhook token. */
export async function startAlertingProduct(
  twilio: FakeTwilio,
  credentials: { accountSid: string; authToken: string; from: string },
  extraEnv: Record<string, string> = {},
): Promise<AlertingProduct> {
  const product = await startDistributedProduct({
    SMS_SENDER: 'twilio',
    TWILIO_ACCOUNT_SID: credentials.accountSid,
    TWILIO_AUTH_TOKEN: credentials.authToken,
    TWILIO_FROM_NUMBER: credentials.from,
    TWILIO_API_BASE_URL: twilio.url,
    TWILIO_MIN_SEND_INTERVAL_MS: '0',
    ...extraEnv,
  });
  const transport = (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2' });
  const alerts = new Queue<AlertJobData>(product.stack.alertQueue.name, { connection: { url: testRedisUrl() }, prefix: product.stack.alertQueue.prefix });
  return {
    product,
    member: createClient(MemberService, transport(product.stack.urls.member)),
    billing: createClient(AssociationBillingService, transport(product.stack.urls['association-billing'])),
    alerts,
    stop: async () => {
      await alerts.obliterate({ force: true }).catch(() => undefined);
      await alerts.close();
      await product.stop();
    },
  };
}

/**
 * An SMS to the product as Twilio delivers it to the webhook, signed with its documented formula (HMAC-SHA1 over the
 * public URL and the sorted parameters); answers the TwiML reply.
 */
export async function textAsTwilio(baseUrl: string, twilio: { accountSid: string; authToken: string; to: string }, phone: string, body: string): Promise<{ status: number; reply: string }> {
  const url = `${baseUrl.replace('127.0.0.1', 'localhost')}/api/sms/inbound`;
  const params: Record<string, string> = { From: `+1${phone}`, To: twilio.to, Body: body, MessageSid: `SM${randomBytes(16).toString('hex')}`, AccountSid: twilio.accountSid };
  const payload = Object.keys(params)
    .sort()
    .reduce((signedText, name) => signedText + name + params[name], url);
  const signature = createHmac('sha1', twilio.authToken).update(payload).digest('base64');
  const response = await fetch(`${baseUrl}/api/sms/inbound`, { method: 'POST', headers: { 'x-twilio-signature': signature }, body: new URLSearchParams(params) });
  return { status: response.status, reply: await response.text() };
}
