/**
 * Peak memory of the report service while it re-encodes several large pictures sent at once.
 *
 *   npx tsx tools/bench/image-decode-memory.ts [--side 7745] [--count 8] [--decode-concurrency N]
 *
 * Builds the report service as the embedded mode does (in-memory stores, the default SharpImageProcessor, a
 * coverage that covers everywhere so every report reaches the picture), sends `count` SubmitReport calls at once,
 * each with a one-colour side×side PNG (7,745² ≈ 60 megapixels compresses to ~175 KB), and prints the process's
 * resident memory before and at its peak. Run it on two commits to compare them; it uses only what the report
 * service exported before the decode limit existed (where `--decode-concurrency` is ignored: without it, the
 * processor's default applies). glibc keeps memory a thread freed in that thread's arena, so RSS also depends on
 * how many threads decoded: compare with `MALLOC_ARENA_MAX=2` in the environment.
 */
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { createDeflate, crc32 } from 'node:zlib';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { buildReportService, InProcessReportLifecycleScheduler, MemoryImageStore, MemoryReportRepository, SharpImageProcessor } from '@swarm/report-service';
import { domainErrorCode, MemoryOutbox, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';

const { values } = parseArgs({
  options: { side: { type: 'string', default: '7745' }, count: { type: 'string', default: '8' }, 'decode-concurrency': { type: 'string' } },
});
const side = Number(values.side);
const count = Number(values.count);
const decodeConcurrency = values['decode-concurrency'] === undefined ? undefined : Number(values['decode-concurrency']);
if (![side, count, decodeConcurrency ?? 1].every((value) => Number.isInteger(value) && value >= 1)) {
  throw new Error('--side, --count and --decode-concurrency are positive integers');
}

/** A valid 8-bit RGB PNG of one colour, deflated row by row so this process never holds the raw bitmap. */
async function oneColourPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0; // filter type None
  for (let y = 0; y < height; y += 1) if (!deflate.write(row)) await once(deflate, 'drain');
  deflate.end();
  await once(deflate, 'end');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, truecolour, deflate, adaptive filtering, no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(chunks)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const report = buildReportService({
  reports: new MemoryReportRepository(new MemoryOutbox()),
  coverage: {
    coverageOf: async () => ({
      members: [{ memberId: 'm-1', distanceMiles: 1, companyId: 'c-1', companyName: 'Bench Bees' }],
      associations: [{ companyId: 'c-1', name: 'Bench Bees', donationUrl: '' }],
    }),
  },
  geocoder: new OfflineGeocoder(),
  images: new MemoryImageStore(),
  imageProcessor: new SharpImageProcessor(decodeConcurrency === undefined ? {} : { decodeConcurrency }),
  clock: systemClock,
  ids: uuidIds,
  randomBelow: secureRandomBelow,
  // Never started: the bench submits reports and runs no timer.
  timers: new InProcessReportLifecycleScheduler(systemClock),
});
const client = createClient(ReportService, createRouterTransport(report.routes));

let street = 0;
async function submit(image: Uint8Array): Promise<string> {
  street += 1;
  try {
    await client.submitReport({
      idempotencyId: crypto.randomUUID(),
      reporterName: 'Bench',
      reporterPhone: '5551234567',
      size: 'Basketball',
      elevation: '10',
      address: `${street} Bench Street, Portland, OR, USA`,
      recaptchaToken: 'bench',
      internalNote: '',
      image,
      confirmDuplicate: false,
    });
    return 'stored';
  } catch (error) {
    const connectError = ConnectError.from(error);
    return `${Code[connectError.code]} ${domainErrorCode(connectError) ?? connectError.rawMessage}`;
  }
}

// Loads the codec and warms the service up, so the idle figure is a running service's.
const warmUp = await submit(await oneColourPng(64, 48));
if (warmUp !== 'stored') throw new Error(`the warm-up report was not stored: ${warmUp}`);
const upload = await oneColourPng(side, side);

const idle = process.memoryUsage.rss();
const highWaterBefore = process.resourceUsage().maxRSS * 1024;
let sampledPeak = idle;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
}, 5);
const started = performance.now();
const outcomes = await Promise.all(Array.from({ length: count }, () => submit(upload)));
const elapsedMs = performance.now() - started;
clearInterval(sampler);
const highWaterAfter = process.resourceUsage().maxRSS * 1024;

const tally = new Map<string, number>();
for (const outcome of outcomes) tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
const settings = `decode concurrency ${decodeConcurrency ?? 'default'}, MALLOC_ARENA_MAX ${process.env.MALLOC_ARENA_MAX ?? 'unset'}`;
console.log(`${count} × ${side}×${side} PNG (${(side * side / 1e6).toFixed(1)} megapixels, ${(upload.length / 1024).toFixed(0)} KB each), sent at once; ${settings}`);
console.log(`outcomes:  ${[...tally].map(([outcome, n]) => `${n} ${outcome}`).join(', ')} in ${(elapsedMs / 1000).toFixed(1)} s`);
console.log(`RSS idle:  ${mb(idle)}`);
console.log(`RSS peak:  ${mb(Math.max(sampledPeak, highWaterAfter > highWaterBefore ? highWaterAfter : 0))} (sampled every 5 ms: ${mb(sampledPeak)}; kernel high-water mark ${mb(highWaterBefore)} before, ${mb(highWaterAfter)} after)`);
