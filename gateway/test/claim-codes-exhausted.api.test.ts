import { Writable } from 'node:stream';
import { createRouterTransport } from '@connectrpc/connect';
import { buildReportService, InProcessReportLifecycleScheduler, MemoryImageStore, MemoryReportRepository, SharpImageProcessor } from '@swarm/report-service';
import { MemoryOutbox, secureRandomBelow, systemClock, uuidIds } from '@swarm/runtime';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../src/app.js';
import { createServiceClients } from '../src/clients/service-clients.js';
import { OregonCoverage, reportForm } from './gateway-harness.js';
import { testAdapters } from './test-adapters.js';
import { testSite } from './test-site.js';
import { OfflineGeocoder } from '@swarm/runtime/geocoding';

/** Every claim code held by a live report: as the store answers once 100 000 live reports exist. */
class FullCodeSpace extends MemoryReportRepository {
  override async create(): Promise<'claim-code-taken'> {
    return 'claim-code-taken';
  }
  override async findFreeClaimCode(): Promise<undefined> {
    return undefined;
  }
}

describe('a report when every claim code is taken', () => {
  let app: FastifyInstance;
  let url: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const report = buildReportService({
      reports: new FullCodeSpace(new MemoryOutbox()),
      coverage: new OregonCoverage(),
      geocoder: new OfflineGeocoder(),
      images: new MemoryImageStore(),
      imageProcessor: new SharpImageProcessor(),
      clock: systemClock,
      ids: uuidIds,
      randomBelow: secureRandomBelow,
      timers: new InProcessReportLifecycleScheduler(systemClock),
    });
    const none = createRouterTransport(() => undefined);
    const { site, port } = await testSite();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildGateway({
      clients: createServiceClients({ report: createRouterTransport(report.routes), member: none, 'association-billing': none, notification: none, insights: none }),
      adapters: testAdapters(),
      settings: { staticDir: '/nonexistent', site, reportImageMaxBytes: 1024, secureCookies: false, reportsPerHourPerClient: 1_000 },
      logger: pino({ level: 'info' }, sink),
    });
    url = await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers 503 with the spec's try-again message, never a 429 about the bot check, and logs an error", async () => {
    const response = await fetch(`${url}/api/report`, { method: 'POST', body: reportForm() });

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Something went wrong. Refresh the page and try again.' });
    expect(logLines).toContainEqual(expect.objectContaining({ level: 50, msg: 'report refused: every claim code is held by a live report' }));
  });
});
