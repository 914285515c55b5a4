/**
 * The benchmark of the embedded product: `npm run bench [-- --quick] [-- --only a,c] [-- --seed 100000] [-- --profile DIR]`.
 *
 * Every figure is set against a baseline measured in the same run on the same machine — a bare Fastify server that
 * parses the same requests, a bare Node client, the empty store — in alternating rounds, and the table shows the
 * median of the rounds. Ratios survive a busy machine far better than absolute figures do. The product, the baseline,
 * the SMS sink and the push service each run in a process of their own; this process only generates load and reads
 * the clocks.
 * docs/performance.md explains each row.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { memberReportMessages } from '@swarm/proto/labels/answers';
import webpush from 'web-push';
import { BenchProcess } from './bench-process.js';
import { launchChromium, paintsOf } from './first-paint.js';
import { twelveMegapixelPhonePicture } from './phone-picture.js';
import { reportWithPicture } from './picture-report.js';
import { load, reportForm, steadyLoad, submitReport, type LoadFigures, type LoadRequest } from './load.js';
import type { CoveredPlace, Place, PushDeviceSubscription } from './cover-place.js';
import { formatFigure, formatRatio, markdownTable, median, percentile, type TableRow } from './stats.js';

const SECTIONS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'dist'] as const;
type Section = (typeof SECTIONS)[number];

const USAGE = `usage: npm run bench -- [--quick] [--only ${SECTIONS.join(',')}] [--seed N] [--profile DIR]   (docs/performance.md)`;

/** A mistake in the command line: said in one line with the usage, not as a stack trace. */
function refuseArguments(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, seed: { type: 'string' }, profile: { type: 'string' } } });
  } catch (error) {
    return refuseArguments((error as Error).message);
  }
})();
const only = values.only === undefined ? [...SECTIONS] : values.only.split(',').map((name) => name.trim());
const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) refuseArguments(`--only takes sections among ${SECTIONS.join(',')}, not ${unknown.join(',')}`);

/** Full sizes are the issue's; --quick shrinks everything to try the harness in a minute or so; --seed sets (e)'s stores. */
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !(Number.isInteger(seed) && seed >= 1)) refuseArguments('--seed takes a positive whole number');
const SIZES = {
  ...(values.quick
    ? { rounds: 1, seconds: 2, connections: 20, listReports: 5, fanOut: 100, racers: 20, seededReports: 2_000, seededMembers: 2_000, pictureReports: 100, seasonReports: 1_000 }
    : { rounds: 3, seconds: 5, connections: 20, listReports: 20, fanOut: 1_000, racers: 100, seededReports: 100_000, seededMembers: 100_000, pictureReports: 1_000, seasonReports: 10_000 }),
  ...(seed === undefined ? {} : { seededReports: seed, seededMembers: seed }),
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const frontendDist = join(root, 'frontend', 'dist');

/** Towns of the offline gazetteer, more than 5 miles (the default range) apart, so each section's members are its own. */
const PLACES = {
  eugene: { latitude: 44.0521, longitude: -123.0868, address: '1 Comb Court, Eugene, OR, USA' },
  salem: { latitude: 44.9429, longitude: -123.0351, address: '1 Comb Court, Salem, OR, USA' },
  medford: { latitude: 42.3265, longitude: -122.8756, address: '1 Comb Court, Medford, OR, USA' },
  bend: { latitude: 44.0582, longitude: -121.3153, address: '1 Comb Court, Bend, OR, USA' },
  boise: { latitude: 43.615, longitude: -116.2023, address: '1 Comb Court, Boise, ID, USA' },
  yakima: { latitude: 46.6021, longitude: -120.5059, address: '1 Comb Court, Yakima, WA, USA' },
  corvallis: { latitude: 44.5646, longitude: -123.262, address: '1 Comb Court, Corvallis, OR, USA' },
  beaverton: { latitude: 45.4871, longitude: -122.8037, address: '1 Comb Court, Beaverton, OR, USA' },
} satisfies Record<string, Place>;
const townOf = (place: Place) => place.address.replace(/^1 Comb Court, /, '');

const TWILIO = { accountSid: `AC${'b'.repeat(32)}`, authToken: 'bench-auth-token', from: '+15035550000' };

/** What the embedded product is started with: no limit a benchmark from one address would hit, errors only in the log. */
function productEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    LOG_LEVEL: 'error',
    STATIC_DIR: frontendDist,
    REPORTS_PER_HOUR_PER_CLIENT: '1000000000',
    MAGIC_LINK_LIMIT_PER_CLIENT: '1000000000',
    MAGIC_LINK_LIMIT_PER_ADDRESS: '1000000000',
    ...extra,
  };
}

function twilioEnv(sink: BenchProcess): Record<string, string> {
  return {
    SMS_SENDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM_NUMBER: TWILIO.from,
    TWILIO_API_BASE_URL: sink.url,
    TWILIO_MIN_SEND_INTERVAL_MS: '0',
  };
}

const rows: TableRow[] = [];
const notes: string[] = [];
const started: BenchProcess[] = [];

/** --profile DIR: every product process writes its CPU profile there when it stops. */
const profileDir = values.profile === undefined ? undefined : resolve(values.profile);
if (profileDir) mkdirSync(profileDir, { recursive: true });

async function start(script: string, env: Record<string, string> = {}): Promise<BenchProcess> {
  const process = await BenchProcess.start(script, env, {
    ...(script === 'product-host.ts' ? { nodeFlags: 'embedded' as const } : {}),
    ...(script === 'product-host.ts' && profileDir ? { cpuProfileDir: profileDir } : {}),
  });
  started.push(process);
  return process;
}

async function stopAll(): Promise<void> {
  await Promise.all(started.splice(0).map((process) => process.stop()));
}

/** Runs baseline and product rounds in turn (baseline first), so both see the same moments of a shared machine. */
async function alternate<B, P>(baseline: () => Promise<B>, product: () => Promise<P>): Promise<{ baseline: B[]; product: P[] }> {
  const results = { baseline: [] as B[], product: [] as P[] };
  for (let round = 0; round < SIZES.rounds; round += 1) {
    results.baseline.push(await baseline());
    results.product.push(await product());
  }
  return results;
}

function row(name: string, figure: string, product: number, baseline: number, unit: string, target: string, ratioOf: 'ratio' | 'none' = 'ratio'): void {
  rows.push({
    row: name,
    figure,
    product: formatFigure(product, unit),
    baseline: formatFigure(baseline, unit),
    ratio: ratioOf === 'ratio' ? formatRatio(product, baseline) : '—',
    target,
  });
}

/**
 * A round of load with the product's longest event-loop delay meanwhile: the longest any request could wait for the
 * product to take it up, so a slow p99 shows whether one long task held everything or the process was just busy.
 */
async function withLoopDelay(product: BenchProcess, round: () => Promise<LoadFigures>): Promise<LoadFigures & { loopDelayMaxMs: number }> {
  await product.call('loopDelay');
  const figures = await round();
  return { ...figures, loopDelayMaxMs: (await product.call<{ maxMs: number }>('loopDelay')).maxMs };
}

const medianOf = <T>(results: T[], pick: (result: T) => number) => median(results.map(pick));

/** A member's session cookie, from a login token as the emailed link carries it. */
async function sessionCookie(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/api/oauth/magic-login/member/callback?token=${encodeURIComponent(token)}`, { redirect: 'manual' });
  const cookie = (response.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  if (response.status !== 303 || !cookie.includes('=')) throw new Error(`login link answered ${response.status}`);
  return cookie;
}

async function sessionsOf(product: BenchProcess, covered: CoveredPlace): Promise<string[]> {
  const tokens = await product.call<string[]>('loginTokens', { emails: covered.emails });
  return Promise.all(tokens.map((token) => sessionCookie(product.url, token)));
}

async function activeReportIds(url: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${url}/api/member/report/active`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`active reports answered ${response.status}`);
  return ((await response.json()) as { reportId: string }[]).map((report) => report.reportId);
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * A second of load before measuring, after one request sent alone: a fresh product's first report sets up what it
 * loads lazily (sharp, the gazetteer…), which takes over a second on a busy machine, and a load that gets no answer
 * within its second is refused as a misconfiguration.
 */
async function warmUp(url: string, request: LoadRequest): Promise<void> {
  const fresh = request.body?.();
  const response = await fetch(`${url}${request.path}`, { method: request.method, headers: { ...request.headers, ...fresh?.headers }, ...(fresh ? { body: fresh.body } : {}) });
  await response.arrayBuffer();
  await load(url, request, { connections: 5, seconds: 1 });
}

const reportRequest = (place: Place) => ({ method: 'POST' as const, path: '/api/report', body: () => reportForm(townOf(place)) });

/** (a) POST /api/report against the bare multipart endpoint, flat out and at a steady 100 per second. */
async function sectionA(): Promise<void> {
  const bare = await start('bare-host.ts');
  const product = await start('product-host.ts', productEnv());
  await product.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  const request = reportRequest(PLACES.eugene);
  await warmUp(bare.url, request);
  await warmUp(product.url, request);
  const flat = await alternate(
    () => load(bare.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
    () => load(product.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
  );
  row('a', `POST /api/report, ${SIZES.connections} connections: 2xx/s`, medianOf(flat.product, (r) => r.okPerSecond), medianOf(flat.baseline, (r) => r.okPerSecond), 'req/s', '≥ 0.2×');
  row('a', 'same: p99 latency', medianOf(flat.product, (r) => r.p99Ms), medianOf(flat.baseline, (r) => r.p99Ms), 'ms', '');
  const steady = await alternate(
    () => steadyLoad(bare.url, request, { seconds: SIZES.seconds, ratePerSecond: 100 }),
    () => steadyLoad(product.url, request, { seconds: SIZES.seconds, ratePerSecond: 100 }),
  );
  row('a', 'POST /api/report at a steady 100/s: p99', medianOf(steady.product, (r) => r.p99Ms), medianOf(steady.baseline, (r) => r.p99Ms), 'ms', '≤ 50 ms');
  const total = [...flat.product, ...steady.product].reduce((sum, result) => sum + result.ok, 0);
  notes.push(`(a) the product stored ${total} reports over the rounds; later rounds run with more stored reports.`);
  await stopAll();
}

/** (b) GET /api/member/report/active of a member alerted about `listReports` swarms, against a bare endpoint answering the same JSON. */
async function sectionB(): Promise<void> {
  const bare = await start('bare-host.ts');
  const product = await start('product-host.ts', productEnv());
  const covered = await product.call<CoveredPlace>('coverPlace', { place: PLACES.salem, count: 1, phonePrefix: '503', name: 'Salem Beekeepers' });
  const [cookie = ''] = await sessionsOf(product, covered);
  for (let index = 0; index < SIZES.listReports; index += 1) await submitReport(product.url, townOf(PLACES.salem));
  await waitFor('the member to be alerted about every report', async () => (await activeReportIds(product.url, cookie)).length === SIZES.listReports);
  const body = (await (await fetch(`${product.url}/api/member/report/active`, { headers: { cookie } })).json()) as unknown;
  await bare.call('setReportList', { body });
  const request = { method: 'GET' as const, path: '/api/member/report/active', headers: { cookie } };
  const results = await alternate(
    () => load(bare.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
    () => load(product.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
  );
  row('b', `GET /api/member/report/active (${SIZES.listReports} rows): 2xx/s`, medianOf(results.product, (r) => r.okPerSecond), medianOf(results.baseline, (r) => r.okPerSecond), 'req/s', '');
  row('b', 'same: p99 latency', medianOf(results.product, (r) => r.p99Ms), medianOf(results.baseline, (r) => r.p99Ms), 'ms', '');
  await stopAll();
}

/**
 * (c) One report alerting `fanOut` members at once, by text message and then by notification, each on fresh
 * processes: the time until the last alert reaches the Twilio-shaped sink (the push service), against a bare client
 * handing the same number of SMS (web-push messages) to it; and the p99 of reports submitted meanwhile elsewhere at a
 * steady 20 per second, against the same load without a fan-out.
 */
async function sectionC(): Promise<void> {
  await fanOutBySms();
  await stopAll();
  await fanOutByPush();
  await stopAll();
}

async function fanOutBySms(): Promise<void> {
  const sink = await start('sms-sink-host.ts');
  const bare = await start('bare-host.ts');
  const product = await start('product-host.ts', productEnv(twilioEnv(sink)));
  await product.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  await product.call('coverPlace', { place: PLACES.medford, count: SIZES.fanOut, phonePrefix: '458', name: 'Rogue Valley Beekeepers' });
  const meanwhile = reportRequest(PLACES.eugene);
  const steady = { seconds: SIZES.seconds + 1, ratePerSecond: 20 };
  await warmUp(product.url, meanwhile);

  const handOff = await alternate(
    async () => {
      const before = await sink.call<number>('count', { prefix: '459' });
      const cpuBefore = await bare.call<number>('cpuMs');
      const startedAt = await bare.call<number>('sendSms', { sinkUrl: sink.url, count: SIZES.fanOut, concurrency: 8, prefix: '459' });
      const lastAt = await sink.call<number>('arrivalOf', { prefix: '459', count: before + SIZES.fanOut, timeoutMs: 120_000 });
      return { ms: lastAt - startedAt, cpuMs: ((await bare.call<number>('cpuMs')) - cpuBefore) / SIZES.fanOut };
    },
    async () => {
      const before = await sink.call<number>('count', { prefix: '458' });
      const cpuBefore = await product.call<number>('cpuMs');
      const startedAt = Date.now();
      await submitReport(product.url, townOf(PLACES.medford));
      const lastAt = await sink.call<number>('arrivalOf', { prefix: '458', count: before + SIZES.fanOut, timeoutMs: 120_000 });
      return { ms: lastAt - startedAt, cpuMs: ((await product.call<number>('cpuMs')) - cpuBefore) / SIZES.fanOut };
    },
  );
  row('c', `fan-out to ${SIZES.fanOut}: last alert at the SMS port`, medianOf(handOff.product, (r) => r.ms), medianOf(handOff.baseline, (r) => r.ms), 'ms', '≤ bare + 1,000 ms');
  row('c', 'same: CPU of the sending process per SMS', medianOf(handOff.product, (r) => r.cpuMs), medianOf(handOff.baseline, (r) => r.cpuMs), 'ms', '');

  const latency = await alternate(
    () => withLoopDelay(product, () => steadyLoad(product.url, meanwhile, steady)),
    () =>
      withLoopDelay(product, async () => {
        const before = await sink.call<number>('count', { prefix: '458' });
        const running = steadyLoad(product.url, meanwhile, steady);
        await sleep(500);
        await submitReport(product.url, townOf(PLACES.medford));
        await sink.call<number>('arrivalOf', { prefix: '458', count: before + SIZES.fanOut, timeoutMs: 120_000 });
        return running;
      }),
  );
  row('c', 'reports meanwhile (20/s): p99 of the 201, vs no fan-out', medianOf(latency.product, (r) => r.p99Ms), medianOf(latency.baseline, (r) => r.p99Ms), 'ms', '≤ 50 ms');
  row('c', 'same: longest event-loop delay of the product, vs no fan-out', medianOf(latency.product, (r) => r.loopDelayMaxMs), medianOf(latency.baseline, (r) => r.loopDelayMaxMs), 'ms', '');
}

/**
 * The bare web-push client sends this many at a time: the embedded product's alert jobs run two at a time
 * (DEFAULT_CONCURRENCY of the notification service's in-process scheduler), each sending one notification.
 */
const BARE_PUSH_CONCURRENCY = 2;

type PushCheck = { fullyChecked: number; lastText: string; lastTopic: string | undefined; refused: string[]; refusedCount: number };

/**
 * The same fan-out by notification: `fanOut` members who chose notifications only, each with one device subscribed
 * at a local push service in its own process (push-service-host.ts), the product sending with PUSH_SENDER=web-push and
 * trusting the push service's certificate through NODE_EXTRA_CA_CERTS. A first report, to one member elsewhere, gives
 * the payload the product sends, decrypted; the bare client sends that same payload with the web-push library to as
 * many subscriptions of the same push service, `BARE_PUSH_CONCURRENCY` at a time.
 */
async function fanOutByPush(): Promise<void> {
  const pushService = await start('push-service-host.ts');
  const certificateDir = mkdtempSync(join(tmpdir(), 'swarm-bench-push-'));
  try {
    const certificateFile = join(certificateDir, 'push-service.pem');
    writeFileSync(certificateFile, await pushService.call<string>('certificate'));
    const vapidKeys = webpush.generateVAPIDKeys();
    const vapid = { subject: 'mailto:no-reply@swarm-alert.invalid', publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey };
    const bare = await start('bare-host.ts', { NODE_EXTRA_CA_CERTS: certificateFile });
    const product = await start(
      'product-host.ts',
      productEnv({
        PUSH_SENDER: 'web-push',
        WEB_PUSH_PUBLIC_KEY: vapid.publicKey,
        WEB_PUSH_PRIVATE_KEY: vapid.privateKey,
        WEB_PUSH_SUBJECT: vapid.subject,
        PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true',
        CLAIM_TOKEN_SECRET: randomBytes(32).toString('base64url'),
        NODE_EXTRA_CA_CERTS: certificateFile,
      }),
    );
    const subscriptions = async (group: string, count: number) => pushService.call<PushDeviceSubscription[]>('subscribe', { group, count });
    const checked = (group: string) => pushService.call<PushCheck>('checked', { group });
    await product.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
    await product.call('coverPlace', { place: PLACES.corvallis, count: SIZES.fanOut, phonePrefix: '971', name: 'Benton County Beekeepers', devices: await subscriptions('product', SIZES.fanOut) });
    // The probe's town is as long a name as the fan-out's, so its notification is as long too.
    await product.call('coverPlace', { place: PLACES.beaverton, count: 1, phonePrefix: '503', name: 'Washington County Beekeepers', devices: await subscriptions('probe', 1) });
    const bareSubscriptions = await subscriptions('bare', SIZES.fanOut);

    // The probe: one alert by notification, decrypted at the push service as a phone would; its payload is the
    // bare client's, so both send the same number of octets.
    await submitReport(product.url, townOf(PLACES.beaverton));
    await pushService.call<number>('arrivalOf', { group: 'probe', count: 1, timeoutMs: 60_000 });
    const payload = (await checked('probe')).lastText;
    if ((JSON.parse(payload) as { type?: string }).type !== 'swarm-alert') throw new Error(`the probe's notification decrypted to something else than an alert: ${payload.slice(0, 200)}`);
    // The bare client sends one first too, so neither side's first round pays for loading and compiling web-push.
    await bare.call('sendPush', { subscriptions: bareSubscriptions.slice(0, 1), payload, concurrency: 1, vapid });

    const meanwhile = reportRequest(PLACES.eugene);
    const steady = { seconds: SIZES.seconds + 1, ratePerSecond: 20 };
    await warmUp(product.url, meanwhile);
    // Each side's time to the last arrival, and the CPU its process spent meanwhile per message (all its threads),
    // which moves less than time on a shared machine.
    const fanOut = async () => {
      const before = await pushService.call<number>('count', { group: 'product' });
      const cpuBefore = await product.call<number>('cpuMs');
      const startedAt = Date.now();
      await submitReport(product.url, townOf(PLACES.corvallis));
      const lastAt = await pushService.call<number>('arrivalOf', { group: 'product', count: before + SIZES.fanOut, timeoutMs: 120_000 });
      return { ms: lastAt - startedAt, cpuMs: ((await product.call<number>('cpuMs')) - cpuBefore) / SIZES.fanOut };
    };

    const handOff = await alternate(async () => {
      const before = await pushService.call<number>('count', { group: 'bare' });
      const cpuBefore = await bare.call<number>('cpuMs');
      const startedAt = await bare.call<number>('sendPush', { subscriptions: bareSubscriptions, payload, concurrency: BARE_PUSH_CONCURRENCY, vapid });
      const lastAt = await pushService.call<number>('arrivalOf', { group: 'bare', count: before + SIZES.fanOut, timeoutMs: 120_000 });
      return { ms: lastAt - startedAt, cpuMs: ((await bare.call<number>('cpuMs')) - cpuBefore) / SIZES.fanOut };
    }, fanOut);
    row('c', `fan-out to ${SIZES.fanOut} by notification: last at the push service`, medianOf(handOff.product, (r) => r.ms), medianOf(handOff.baseline, (r) => r.ms), 'ms', '≤ 1.5×');
    row('c', 'same: CPU of the sending process per notification', medianOf(handOff.product, (r) => r.cpuMs), medianOf(handOff.baseline, (r) => r.cpuMs), 'ms', '');

    const latency = await alternate(
      () => withLoopDelay(product, () => steadyLoad(product.url, meanwhile, steady)),
      () =>
        withLoopDelay(product, async () => {
          const running = steadyLoad(product.url, meanwhile, steady);
          await sleep(500);
          await fanOut();
          return running;
        }),
    );
    row('c', 'same: reports meanwhile (20/s), p99 of the 201, vs no fan-out', medianOf(latency.product, (r) => r.p99Ms), medianOf(latency.baseline, (r) => r.p99Ms), 'ms', '≤ 50 ms');
    row('c', 'same: longest event-loop delay of the product, vs no fan-out', medianOf(latency.product, (r) => r.loopDelayMaxMs), medianOf(latency.baseline, (r) => r.loopDelayMaxMs), 'ms', '');

    const [sent, baseline] = await Promise.all([checked('product'), checked('bare')]);
    notes.push(
      `(c) by notification: every message checked for a known subscription, VAPID, TTL, aes128gcm and size; one in 100 also verified and decrypted in full: ${sent.fullyChecked} of the product's and ${baseline.fullyChecked} of the bare client's; ${sent.refusedCount + baseline.refusedCount} refused. Payload ${Buffer.byteLength(payload)} octets of JSON (the probe's, sent by the bare client), the product's last ${Buffer.byteLength(sent.lastText)}; bare client ${BARE_PUSH_CONCURRENCY} at a time.`,
    );
  } finally {
    await stopAll();
    rmSync(certificateDir, { recursive: true, force: true });
  }
}

/** Requests sent at once, each timed on its own: the statuses and bodies, and the latencies in ms. */
async function burst(requests: { url: string; cookie?: string }[]): Promise<{ answers: { status: number; message: string }[]; latencies: number[] }> {
  const answers: { status: number; message: string }[] = [];
  const latencies: number[] = [];
  await Promise.all(
    requests.map(async ({ url, cookie }) => {
      const sentAt = performance.now();
      const response = await fetch(url, { headers: cookie ? { cookie } : {} });
      const answer = (await response.json()) as { message?: string };
      latencies.push(performance.now() - sentAt);
      answers.push({ status: response.status, message: answer.message ?? '' });
    }),
  );
  return { answers, latencies };
}

/**
 * (d) `racers` members alerted about one report claim it on the web at the same instant: exactly one may win. Each
 * round races a fresh report in its own town with its own members (a member who won has a recent claim, which delays
 * their next alert). The baseline is the same burst against a bare endpoint.
 */
async function sectionD(): Promise<void> {
  const sink = await start('sms-sink-host.ts');
  const bare = await start('bare-host.ts');
  const product = await start('product-host.ts', productEnv(twilioEnv(sink)));
  const towns = [
    { place: PLACES.bend, prefix: '601' },
    { place: PLACES.boise, prefix: '602' },
    { place: PLACES.yakima, prefix: '603' },
  ];
  const groups: { place: Place; prefix: string; cookies: string[] }[] = [];
  for (const [index, town] of towns.slice(0, SIZES.rounds).entries()) {
    const covered = await product.call<CoveredPlace>('coverPlace', { place: town.place, count: SIZES.racers, phonePrefix: town.prefix, name: `Racers ${index}` });
    groups.push({ ...town, cookies: await sessionsOf(product, covered) });
  }
  let round = 0;
  const results = await alternate(
    () => burst(Array.from({ length: SIZES.racers }, () => ({ url: `${bare.url}/api/member/report/bench/claim` }))),
    async () => {
      const group = groups[round++];
      if (!group) throw new Error('no racers left for this round');
      const reportId = await submitReport(product.url, townOf(group.place));
      await sink.call('arrivalOf', { prefix: group.prefix, count: SIZES.racers, timeoutMs: 60_000 });
      await waitFor('every racer to see the report among their active swarms', async () => {
        const lists = await Promise.all(group.cookies.map((cookie) => activeReportIds(product.url, cookie)));
        return lists.every((ids) => ids.includes(reportId));
      });
      return burst(group.cookies.map((cookie) => ({ url: `${product.url}/api/member/report/${reportId}/claim`, cookie })));
    },
  );
  const winners = results.product.map(({ answers }) => answers.filter((answer) => answer.status === 200 && answer.message === 'Successfully claimed report!').length);
  const refusedRightly = results.product.every(({ answers }) => answers.every((answer) => answer.status === 200 || answer.message === memberReportMessages.alreadyClaimed));
  rows.push({
    row: 'd',
    figure: `claim race of ${SIZES.racers} web claims: winners per race`,
    product: winners.join(', '),
    baseline: '1',
    ratio: '—',
    target: '= 1',
  });
  if (!refusedRightly) notes.push('(d) some losers of a race got another answer than "already been claimed by another member".');
  row('d', 'same: p99 latency', medianOf(results.product, (r) => percentile(r.latencies, 99)), medianOf(results.baseline, (r) => percentile(r.latencies, 99)), 'ms', '≤ 100 ms');
  await stopAll();
}

/** (e) Submission throughput with `seededReports` stored reports and `seededMembers` members, against an empty product. */
async function sectionE(): Promise<void> {
  const empty = await start('product-host.ts', productEnv());
  const seeded = await start('product-host.ts', productEnv());
  await empty.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  const keeper = await seeded.call<CoveredPlace>('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  const templateReportId = await submitReport(seeded.url, townOf(PLACES.eugene));
  const seeding = await seeded.call<{ membersSeconds: number; reportsSeconds: number }>('seed', {
    reports: SIZES.seededReports,
    members: SIZES.seededMembers,
    templateReportId,
    templateMemberId: keeper.memberIds[0],
    templateCompanyId: keeper.companyId,
  });
  notes.push(
    `(e) seeding through the stores took ${seeding.membersSeconds.toFixed(1)} s for ${SIZES.seededMembers} members and ${seeding.reportsSeconds.toFixed(1)} s for ${SIZES.seededReports} reports.`,
  );
  const seededRss = (await seeded.call<{ rssBytes: number }>('memory')).rssBytes;
  const emptyRss = (await empty.call<{ rssBytes: number }>('memory')).rssBytes;
  const request = reportRequest(PLACES.eugene);
  await warmUp(empty.url, request);
  await warmUp(seeded.url, request);
  const results = await alternate(
    () => load(empty.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
    () => load(seeded.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
  );
  const stored = `${SIZES.seededReports / 1_000}k reports + ${SIZES.seededMembers / 1_000}k members`;
  row('e', `POST /api/report with ${stored} vs empty: 2xx/s`, medianOf(results.product, (r) => r.okPerSecond), medianOf(results.baseline, (r) => r.okPerSecond), 'req/s', '≥ 0.8×');
  row('e', 'same: p99 latency', medianOf(results.product, (r) => r.p99Ms), medianOf(results.baseline, (r) => r.p99Ms), 'ms', '');
  row('e', `RSS with ${stored} vs empty`, seededRss / 2 ** 20, emptyRss / 2 ** 20, 'MB', 'reported');
  await stopAll();
}

/**
 * (g) An admin's association map over a season of `seasonReports` reports in 91 cells (and refused reports around
 * them), 20 connections, against a bare endpoint answering the same JSON.
 */
async function sectionG(): Promise<void> {
  const bare = await start('bare-host.ts');
  const product = await start('product-host.ts', productEnv());
  const covered = await product.call<CoveredPlace>('coverPlace', { place: PLACES.bend, count: 1, phonePrefix: '458', name: 'Central Oregon Beekeepers' });
  const seeding = await product.call<{ seconds: number }>('seedSeason', {
    companyId: covered.companyId,
    memberId: covered.memberIds[0],
    place: PLACES.bend,
    reports: SIZES.seasonReports,
    unserved: SIZES.seasonReports / 10,
  });
  notes.push(`(g) seeding ${SIZES.seasonReports} reports of a season into the insights read model took ${seeding.seconds.toFixed(1)} s.`);
  const [cookie = ''] = await sessionsOf(product, covered);
  const path = `/api/member/company/${covered.companyId}/map`;
  const answer = await fetch(`${product.url}${path}`, { headers: { cookie } });
  if (answer.status !== 200) throw new Error(`the map answered ${answer.status}`);
  const body = (await answer.json()) as { cells?: unknown[] };
  await bare.call('setAssociationMap', { body });
  const request = { method: 'GET' as const, path, headers: { cookie } };
  const results = await alternate(
    () => load(bare.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
    () => load(product.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
  );
  row('g', `GET the association map (${SIZES.seasonReports} reports, ${body.cells?.length ?? 0} cells): 2xx/s`, medianOf(results.product, (r) => r.okPerSecond), medianOf(results.baseline, (r) => r.okPerSecond), 'req/s', '');
  row('g', 'same: p99 latency', medianOf(results.product, (r) => r.p99Ms), medianOf(results.baseline, (r) => r.p99Ms), 'ms', '≤ 100 ms');
  // The same association over periods nobody asked for yet: each one computed by the insights service and written by
  // the gateway, nothing reused (the load above is answered from the maps reused for a few seconds).
  let daysAgo = 10;
  const firstTimes = async (url: string) => {
    const times: number[] = [];
    for (let asked = 0; asked < SIZES.listReports; asked += 1, daysAgo += 1) {
      const since = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1_000).toISOString().slice(0, 10);
      const startedAt = performance.now();
      const response = await fetch(`${url}${path}?since=${since}`, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`the map since ${since} answered ${response.status}`);
      await response.arrayBuffer();
      times.push(performance.now() - startedAt);
    }
    return times;
  };
  const first = await alternate(() => firstTimes(bare.url), () => firstTimes(product.url));
  row('g', `same, a period not asked before (one at a time, ${SIZES.listReports} periods): p99`, medianOf(first.product, (t) => percentile(t, 99)), medianOf(first.baseline, (t) => percentile(t, 99)), 'ms', '');
  await stopAll();
}

/**
 * (dist) POST /api/report on the distributed product (stack-host.ts: a process per service, NATS, Redis, and
 * MONGODB_URL or jongodb) against the embedded product, in alternating rounds.
 */
async function sectionDistributed(): Promise<void> {
  const embedded = await start('product-host.ts', productEnv());
  const stack = await start('stack-host.ts', productEnv());
  for (const product of [embedded, stack]) {
    await product.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  }
  const request = reportRequest(PLACES.eugene);
  await warmUp(embedded.url, request);
  await warmUp(stack.url, request);
  const results = await alternate(
    () => load(embedded.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
    () => load(stack.url, request, { connections: SIZES.connections, seconds: SIZES.seconds }),
  );
  const mongo = process.env.MONGODB_URL ? 'MongoDB at MONGODB_URL' : 'jongodb';
  row('dist', `distributed (${mongo}) vs embedded: POST /api/report 2xx/s`, medianOf(results.product, (r) => r.okPerSecond), medianOf(results.baseline, (r) => r.okPerSecond), 'req/s', '≥ 0.2× on MongoDB');
  row('dist', 'same: p99 latency', medianOf(results.product, (r) => r.p99Ms), medianOf(results.baseline, (r) => r.p99Ms), 'ms', '');
  await stopAll();
}

/** The gzip size of each JS and CSS file index.html loads at once (scripts, module preloads, stylesheets). */
function landingAssets(): { js: number; css: number; files: string[] } {
  const html = readFileSync(join(frontendDist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(join(frontendDist, file.replace(/^\//, '')))).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js, css, files };
}

/**
 * (f) Start to listening and idle memory of the product against the bare server; the landing page's JS and CSS, its
 * paints and a report with a 12-megapixel picture on an emulated Fast 3G phone.
 */
async function sectionF(): Promise<void> {
  const idle = async (script: string, env: Record<string, string>) => {
    const process = await BenchProcess.start(script, env, script === 'product-host.ts' ? { nodeFlags: 'embedded' } : {});
    await sleep(2_000);
    const { rssBytes } = await process.call<{ rssBytes: number }>('memory');
    await process.stop();
    return { startMs: process.startMs, rssMb: rssBytes / 2 ** 20 };
  };
  const results = await alternate(
    () => idle('bare-host.ts', {}),
    () => idle('product-host.ts', productEnv()),
  );
  row('f', 'embedded start: fork to listening (tsx)', medianOf(results.product, (r) => r.startMs), medianOf(results.baseline, (r) => r.startMs), 'ms', '');
  row('f', 'idle RSS', medianOf(results.product, (r) => r.rssMb), medianOf(results.baseline, (r) => r.rssMb), 'MB', '≤ 150 MB');

  const assets = landingAssets();
  const scripts = assets.files.filter((file) => file.endsWith('.js')).length;
  row('f', `landing page JS, gzip (${scripts} ${scripts === 1 ? 'file' : 'files'}) vs the target`, assets.js / 1_000, 80, 'KB', '≤ 80 KB');
  rows.push({ row: 'f', figure: 'landing page CSS, gzip', product: formatFigure(assets.css / 1_000, 'KB'), baseline: '—', ratio: '—', target: '' });
  const product = await start('product-host.ts', productEnv());
  const script = assets.files.find((file) => file.endsWith('.js'));
  if (script) {
    const response = await fetch(`${product.url}/${script.replace(/^\//, '')}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    rows.push({ row: 'f', figure: 'landing JS served with Content-Encoding', product: response.headers.get('content-encoding') ?? 'none', baseline: '—', ratio: '—', target: 'br or gzip' });
  }
  // The landing page's paints on an emulated Fast 3G phone, against a bare page with its heading alone.
  const bare = await start('bare-host.ts');
  const browser = await launchChromium();
  const heading = 'Found a swarm of honeybees?';
  try {
    const paints = await alternate(
      () => paintsOf(browser, `${bare.url}/first-paint`, heading),
      () => paintsOf(browser, `${product.url}/`, heading),
    );
    row('f', 'landing first contentful paint, Fast 3G phone (4× CPU)', medianOf(paints.product, (p) => p.firstContentfulPaintMs), medianOf(paints.baseline, (p) => p.firstContentfulPaintMs), 'ms', '≤ 1,500 ms');
    row('f', 'landing largest contentful paint, Fast 3G phone (4× CPU)', medianOf(paints.product, (p) => p.largestContentfulPaintMs), medianOf(paints.baseline, (p) => p.largestContentfulPaintMs), 'ms', '');

    // A report with a 12-megapixel camera picture against the same report without one, from 'Report!' to the
    // success page; each round at its own street, so none is answered as a duplicate.
    await product.call('coverPlace', { place: PLACES.bend, count: 1, phonePrefix: '541', name: 'Deschutes Beekeepers' });
    const picture = await twelveMegapixelPhonePicture();
    const town = townOf(PLACES.bend);
    let street = 0;
    const reports = await alternate(
      () => reportWithPicture(browser, product.url, { street: `${(street += 1)} Comb Court`, town }),
      () => reportWithPicture(browser, product.url, { street: `${(street += 1)} Comb Court`, town, picture }),
    );
    row('f', `report with a 12-MP picture (${formatFigure(picture.length / 1e6, 'MB')}): 'Report!' to the success page, Fast 3G phone (4× CPU), vs no picture`, medianOf(reports.product, (r) => r.reportMs), medianOf(reports.baseline, (r) => r.reportMs), 'ms', '≤ 8,000 ms');
    rows.push({ row: 'f', figure: '… of which preparing the picture in the browser (4× CPU)', product: formatFigure(medianOf(reports.product, (r) => r.preparationMs), 'ms'), baseline: '—', ratio: '—', target: '' });
    const stored = await Promise.all(reports.product.map((report) => product.call<{ width: number; height: number }>('storedPictureSize', { reportId: report.reportId })));
    const longestSides = [...new Set(stored.map(({ width, height }) => Math.max(width, height)))];
    rows.push({ row: 'f', figure: 'stored picture of those reports, longest side', product: longestSides.map((side) => formatFigure(side, 'px')).join(', '), baseline: '—', ratio: '—', target: '2048 px' });
  } finally {
    await browser.close();
  }
  await stopAll();
  await pictureMemory();
}

function commit(): string {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== '';
  return `${result.stdout.trim() || 'unknown'}${dirty ? ' (with uncommitted changes)' : ''}`;
}

/**
 * (f) The embedded product's memory once `pictureReports` reports with a 2-megapixel camera picture each are stored,
 * against the same process before them: pictures go to files in the run's data directory, not the heap.
 */
async function pictureMemory(): Promise<void> {
  const sharp = (await import('sharp')).default;
  // Noise, so the JPEG is as heavy as a camera's (a flat picture would compress to almost nothing).
  const picture = await sharp({ create: { width: 1632, height: 1224, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const product = await start('product-host.ts', productEnv());
  await product.call('coverPlace', { place: PLACES.eugene, count: 1, phonePrefix: '541', name: 'Lane County Beekeepers' });
  await submitReport(product.url, townOf(PLACES.eugene), picture);
  const before = (await product.call<{ rssBytes: number }>('memory')).rssBytes;
  let next = 0;
  const sender = async () => {
    while (next < SIZES.pictureReports) {
      next += 1;
      await submitReport(product.url, townOf(PLACES.eugene), picture);
    }
  };
  await Promise.all(Array.from({ length: 4 }, sender));
  const usage = await product.call<{ rssBytes: number; heapUsedBytes: number; externalBytes: number }>('memory');
  const after = usage.rssBytes;
  notes.push(`(f) after the ${SIZES.pictureReports} reports with pictures: JS heap in use ${(usage.heapUsedBytes / 2 ** 20).toFixed(0)} MB, external (buffers) ${(usage.externalBytes / 2 ** 20).toFixed(0)} MB; the rest of the RSS is native memory (libvips, the allocator's arenas) and V8's reserve.`);
  row('f', `RSS after ${SIZES.pictureReports} reports with 2-megapixel pictures (${(picture.length / 1e6).toFixed(1)} MB each), vs before them`, after / 2 ** 20, before / 2 ** 20, 'MB', '≤ 300 MB');
  await stopAll();
}

const sections: Record<Section, () => Promise<void>> = { a: sectionA, b: sectionB, c: sectionC, d: sectionD, e: sectionE, f: sectionF, g: sectionG, dist: sectionDistributed };

if (only.includes('f') || !existsSync(join(frontendDist, 'index.html'))) {
  if (!values.quick || !existsSync(join(frontendDist, 'index.html'))) {
    process.stdout.write('Building the frontend (npm run build)…\n');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
  }
}

const startedAt = new Date();
const loadBefore = loadavg()[0] ?? 0;
try {
  for (const section of SECTIONS) {
    if (!only.includes(section)) continue;
    const sectionStart = performance.now();
    process.stdout.write(`(${section})…`);
    try {
      await sections[section]();
    } catch (error) {
      // One section that cannot run (a server missing, a refusal) leaves the others' figures standing.
      notes.push(`(${section}) failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
      await stopAll();
    }
    process.stdout.write(` ${((performance.now() - sectionStart) / 1_000).toFixed(0)} s\n`);
  }
} finally {
  await stopAll();
}

process.stdout.write(
  [
    '',
    `${only.includes('dist') ? 'Embedded (and distributed) mode' : 'Embedded mode'}, ${values.quick ? 'quick (small sizes, 1 round)' : `median of ${SIZES.rounds} alternating rounds`}; ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit()};`,
    `Node ${process.version}, ${cpus().length} cores, load average ${loadBefore.toFixed(1)} before and ${(loadavg()[0] ?? 0).toFixed(1)} after.`,
    '',
    markdownTable(rows),
    '',
    ...notes,
    ...(profileDir ? [`CPU profiles of the product processes: ${profileDir}`] : []),
    '',
  ].join('\n'),
);
