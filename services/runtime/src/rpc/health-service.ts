import { Code, ConnectError, type ConnectRouter } from '@connectrpc/connect';
import { Health, HealthCheckResponse_ServingStatus } from '@swarm/proto/health/v1/health';
import type { HealthRegistry } from '../health.js';

export function registerHealthService(router: ConnectRouter, health: HealthRegistry): void {
  router.service(Health, {
    async check() {
      const { healthy } = await health.check();
      return { status: healthy ? HealthCheckResponse_ServingStatus.SERVING : HealthCheckResponse_ServingStatus.NOT_SERVING };
    },
    // eslint-disable-next-line require-yield -- the Health service's contract is a stream; this one ends at once
    async *watch() {
      throw new ConnectError('health watching is not supported; poll Check', Code.Unimplemented);
    },
  });
}
