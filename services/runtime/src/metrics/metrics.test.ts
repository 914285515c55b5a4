import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import { testLogger } from '@swarm/testing';
import { describe, expect, it } from 'vitest';
import { HealthRegistry } from '../health.js';
import { MemoryOutbox } from '../outbox/memory-outbox.js';
import { registerHealthService } from '../rpc/health-service.js';
import { Metrics } from './metrics.js';
import { startMetricsServer } from './metrics-server.js';
import { rpcMetricsInterceptor } from './rpc-metrics.js';

/** One series' value from the registry, by name and labels. */
async function valueOf(metrics: Metrics, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = metrics.registry.getSingleMetric(name);
  const { values } = (await metric?.get()) ?? { values: [] };
  return values.find((sample) => Object.entries(labels).every(([label, value]) => String(sample.labels[label]) === value))?.value;
}

describe('Metrics', () => {
  it('counts and times each Connect call by service, method and status code', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const health = new HealthRegistry();
    const transport = createRouterTransport((router) => registerHealthService(router, health), { router: { interceptors: [rpcMetricsInterceptor(metrics)] } });
    const client = createClient(Health, transport);
    expect((await client.check({})).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    await client.check({});
    const ok = { rpc_service: 'grpc.health.v1.Health', rpc_method: 'Check', code: 'ok' };
    expect(await valueOf(metrics, 'swarm_rpc_requests_total', ok)).toBe(2);
    const exposition = await metrics.registry.metrics();
    expect(exposition).toContain('swarm_rpc_request_duration_seconds_count{rpc_service="grpc.health.v1.Health",rpc_method="Check",code="ok"} 2');
  });

  it('names a failed call by its status code in snake case', async () => {
    const metrics = new Metrics({ processMetrics: false });
    metrics.observeRpc({ service: 's', method: 'M', error: new ConnectError('no such report', Code.NotFound), seconds: 0.01 });
    metrics.observeRpc({ service: 's', method: 'M', error: new Error('boom'), seconds: 0.01 });
    expect(await valueOf(metrics, 'swarm_rpc_requests_total', { code: 'not_found' })).toBe(1);
    expect(await valueOf(metrics, 'swarm_rpc_requests_total', { code: 'unknown' })).toBe(1);
  });

  it('reads the outbox backlog and the queue depth when scraped', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const outbox = new MemoryOutbox();
    metrics.watchOutbox('report', () => outbox.backlog());
    metrics.watchQueue('alerts', async () => ({ waiting: 2, delayed: 5 }));
    expect(await valueOf(metrics, 'swarm_outbox_pending_entries', { service: 'report' })).toBe(0);
    expect(await valueOf(metrics, 'swarm_outbox_lag_seconds', { service: 'report' })).toBe(0);

    outbox.append([
      { id: 'a', type: 'report.submitted', payload: new Uint8Array(), createdAt: new Date(Date.now() - 90_000) },
      { id: 'b', type: 'report.submitted', payload: new Uint8Array(), createdAt: new Date(Date.now() - 10_000) },
    ]);
    expect(await valueOf(metrics, 'swarm_outbox_pending_entries', { service: 'report' })).toBe(2);
    const lag = (await valueOf(metrics, 'swarm_outbox_lag_seconds', { service: 'report' })) ?? 0;
    expect(lag).toBeGreaterThanOrEqual(90);
    expect(lag).toBeLessThan(120);
    await outbox.markPublished(['a']);
    expect((await valueOf(metrics, 'swarm_outbox_lag_seconds', { service: 'report' })) ?? 0).toBeLessThan(60);
    expect(await valueOf(metrics, 'swarm_queue_jobs', { queue: 'alerts', state: 'delayed' })).toBe(5);
    expect(await valueOf(metrics, 'swarm_queue_jobs', { queue: 'alerts', state: 'waiting' })).toBe(2);
  });

  it('serves the registry at GET /metrics in the Prometheus text format, and nothing else', async () => {
    const metrics = new Metrics();
    metrics.claims.inc({ outcome: 'won' });
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', metrics, logger: testLogger() });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
      const body = await response.text();
      expect(body).toContain('swarm_claims_total{outcome="won"} 1');
      expect(body).toContain('# TYPE swarm_http_request_duration_seconds histogram');
      expect(body).toMatch(/^swarm_process_resident_memory_bytes \d+/m);
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
