import { randomUUID } from 'node:crypto';
import { createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import {
  buildReportService,
  InProcessReportLifecycleScheduler,
  MemoryImageStore,
  MemoryReportRepository,
  SharpImageProcessor,
  type ReportAssociation,
  type StoredImage,
  type SwarmCoverage,
} from '@swarm/report-service';
import { HealthRegistry, MemoryOutbox, registerHealthService, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import { testLogger } from '@swarm/testing';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildGateway } from '../src/app.js';
import type { BotCheck } from '../src/bot-check/bot-check.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import type { FeedbackSink } from '../src/feedback/feedback-sink.js';
import type { RateLimitStore } from '../src/rate-limit/rate-limits.js';
import type { Geocoder } from '@swarm/runtime/geocoding';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';

export const IMAGE_LIMIT = 64 * 1024;

/** The in-memory image store, remembering what was saved so tests can look at the stored bytes. */
export class RecordingImageStore extends MemoryImageStore {
  readonly saved: StoredImage[] = [];
  override async save(image: StoredImage): Promise<void> {
    this.saved.push(image);
    await super.save(image);
  }
}
export const PORTLAND_BEEKEEPERS: ReportAssociation = { companyId: 'c-1', name: 'Portland Beekeepers', donationUrl: 'https://example.org/donate' };
export const HIVE_HELPERS: ReportAssociation = { companyId: 'c-2', name: 'Hive Helpers', donationUrl: '' };

/** Covers Oregon (latitudes 42–46.3) with one member of each association given; nobody anywhere else. */
export class OregonCoverage implements SwarmCoverage {
  constructor(public associations: ReportAssociation[] = [PORTLAND_BEEKEEPERS, HIVE_HELPERS]) {}
  async coverageOf(point: { latitude: number }) {
    if (point.latitude < 42 || point.latitude > 46.3) return { members: [], associations: [] };
    const members = this.associations.map(({ companyId, name }) => ({ memberId: `member-of-${companyId}`, distanceMiles: 1, companyId, companyName: name }));
    return { members, associations: this.associations };
  }
}

export type GatewayOptions = {
  unhealthy?: string;
  botCheck?: BotCheck;
  geocoder?: Geocoder;
  feedback?: FeedbackSink;
  reportsPerHourPerClient?: number;
  feedbackPerHourPerClient?: number;
  placeSuggestionsPerHourPerClient?: number;
  recaptchaSiteKey?: string;
  alertSenderNumber?: string;
  webPushPublicKey?: string;
  mapTiles?: { url: string; attribution: string };
  /** The public URL in links and headers; the harness's own address when not given. */
  publicUrl?: string;
  /** Counts the per-client limits in Redis (shared with other gateways); in memory when not given. */
  rateLimitStore?: RateLimitStore;
};

/** The gateway on a free port in front of the real report service (in memory) with Oregon covered. */
export async function startGateway(
  options: GatewayOptions = {},
): Promise<{ app: FastifyInstance; url: string; images: RecordingImageStore; reports: MemoryReportRepository }> {
  const transport = (name: string, routes: (router: ConnectRouter) => void = () => undefined) => {
    const health = new HealthRegistry();
    health.register('store', async () => name !== options.unhealthy);
    return createRouterTransport((router) => {
      routes(router);
      registerHealthService(router, health);
    });
  };
  const images = new RecordingImageStore();
  const reports = new MemoryReportRepository(new MemoryOutbox());
  const report = buildReportService({
    reports,
    coverage: new OregonCoverage(),
    geocoder: options.geocoder ?? new OfflineGeocoder(),
    images,
    imageProcessor: new SharpImageProcessor(),
    clock: systemClock,
    ids: uuidIds,
    randomBelow: secureRandomBelow,
    // Never started: these tests reach no report's expiry or close.
    timers: new InProcessReportLifecycleScheduler(systemClock),
  });
  const clients = createServiceClients({
    report: transport('report', report.routes),
    member: transport('member'),
    'association-billing': transport('association-billing'),
    notification: transport('notification'),
    insights: transport('insights'),
  });
  const { site, port } = await testSite(options.publicUrl);
  const app = await buildGateway({
    clients,
    adapters: testAdapters({
      ...(options.geocoder ? { geocoder: options.geocoder } : {}),
      ...(options.botCheck ? { botCheck: options.botCheck } : {}),
      ...(options.feedback ? { feedback: options.feedback } : {}),
      ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    }),
    settings: {
      staticDir: '/nonexistent',
      site,
      reportImageMaxBytes: IMAGE_LIMIT,
      secureCookies: true,
      reportsPerHourPerClient: options.reportsPerHourPerClient ?? 1_000,
      feedbackPerHourPerClient: options.feedbackPerHourPerClient ?? 1_000,
      placeSuggestionsPerHourPerClient: options.placeSuggestionsPerHourPerClient ?? 1_000,
      recaptchaSiteKey: options.recaptchaSiteKey ?? null,
      alertSenderNumber: options.alertSenderNumber ?? null,
      ...(options.webPushPublicKey ? { webPushPublicKey: options.webPushPublicKey } : {}),
      ...(options.mapTiles ? { mapTiles: options.mapTiles } : {}),
    },
    logger: testLogger(),
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { app, url, images, reports };
}

/** A report form as the frontend sends it, for an address the offline geocoder knows in covered Oregon. */
export function reportForm(overrides: Record<string, string | Blob | undefined> = {}): FormData {
  const fields: Record<string, string | Blob | undefined> = {
    reporterName: 'Ada',
    reporterPhone: '5551234567',
    size: 'Softball',
    elevation: '3',
    address: `${Math.floor(Math.random() * 100_000)} Apiary Lane, Portland, OR, USA`,
    recaptchaToken: 'token',
    idempotencyId: randomUUID(),
    ...overrides,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) data.append(name, value);
  return data;
}

/** A small real JPEG carrying EXIF with GPS coordinates, as a phone writes it. */
export async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#d0a020' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1' } })
    .toBuffer();
}
