import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import { testNatsUrl, waitUntil } from '@swarm/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDistributedProduct, type DistributedProduct } from './product-harness.js';

/** The durable JetStream consumer the notification service reads ReportSubmitted through. */
const CONSUMER = 'notification--report-submitted';
const ACK_WAIT_MS = 2_000;

describe('distributed mode: the notification service dies holding an unacknowledged event', () => {
  let product: DistributedProduct;
  beforeAll(async () => {
    product = await startDistributedProduct({ EVENTS_ACK_WAIT_MS: String(ACK_WAIT_MS) });
    await product.coverPlace({ latitude: 44.9429, longitude: -123.0351, address: '1 Comb Court, Salem, OR, USA', associationName: 'Salem Bees', donationUrl: '' });
  });
  afterAll(async () => {
    await product?.stop();
    const connection = await connect({ servers: testNatsUrl() });
    await (await connection.jetstreamManager()).streams.delete(product.stream).catch(() => undefined);
    await connection.close();
  });

  it('gets the event again after a restart and records the report exactly once', async () => {
    const connection = await connect({ servers: testNatsUrl() });
    const manager = await connection.jetstreamManager();
    try {
      // Frozen, the process still holds its pull request, so JetStream hands it the event, which it cannot ack.
      const pid = product.stack.pid('notification');
      expect(pid).toBeDefined();
      process.kill(pid!, 'SIGSTOP');

      const form = new FormData();
      const fields = {
        reporterName: 'Ada',
        reporterPhone: '5551234567',
        size: 'Softball',
        elevation: '5',
        address: '9 Hive Road, Salem, OR, USA',
        recaptchaToken: 'dev-token',
        idempotencyId: randomUUID(),
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch(`${product.baseUrl}/api/report`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const { reportId } = (await response.json()) as { reportId: string };

      await waitUntil(
        async () => (await manager.consumers.info(product.stream, CONSUMER)).num_ack_pending === 1,
        10_000,
        'the event to be delivered to the frozen process and left unacknowledged',
      );
      await product.stack.kill('notification', 'SIGKILL');
      expect((await manager.consumers.info(product.stream, CONSUMER)).num_ack_pending).toBe(1);

      await product.stack.start('notification');
      const receivedLines = () =>
        product.notificationLog().filter((line) => line.msg === 'report received for alert dispatch' && line.reportId === reportId);
      // The line is written once the event is handled (dispatch recorded and alerts scheduled), just before its ack.
      await waitUntil(() => receivedLines().length > 0, 20_000, 'the restarted service to handle the report');
      expect(await product.findDispatch(reportId)).toBeDefined();

      const received = receivedLines();
      expect(received).toHaveLength(1);
      expect(received[0]?.deliveryCount).toBeGreaterThanOrEqual(2);
      expect(received[0]?.outcome).toBe('recorded');
      await waitUntil(
        async () => {
          const info = await manager.consumers.info(product.stream, CONSUMER);
          return info.num_ack_pending === 0 && info.num_pending === 0;
        },
        10_000,
        'the event to be acknowledged',
      );
    } finally {
      await connection.close();
    }
  });
});
