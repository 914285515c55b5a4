import { timestampDate } from '@bufbuild/protobuf/wkt';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { MemoryOutbox } from '@swarm/runtime';
import { describe, expect, it } from 'vitest';
import { MemoryDispatchRepository } from '../adapters/memory/memory-dispatch-repository.js';
import { MemorySentAlertRepository } from '../adapters/memory/memory-sent-alert-repository.js';
import { notificationServiceRoutes } from '../adapters/rpc/notification-service-routes.js';
import { alertSentEvent, type SentAlert } from '../domain/sent-alert.js';
import { GetAlertDispatch } from './get-alert-dispatch.js';
import { ListMemberAlerts } from './list-member-alerts.js';

const sentAt = new Date('2026-06-01T18:00:02.000Z');
const anAlert = (sendKey: string, memberId: string, overrides: Partial<SentAlert> = {}): SentAlert & { state: 'sent'; sentAt: Date } => ({
  sendKey,
  reportId: `report-${sendKey}`,
  memberId,
  companyId: 'c1',
  companyName: 'Portland Bees',
  distanceMiles: 2.5,
  startedAt: new Date('2026-06-01T18:00:00.000Z'),
  ...overrides,
  state: 'sent',
  sentAt,
});

describe('ListMemberAlerts', () => {
  async function serviceWith(alerts: (SentAlert & { state: 'sent'; sentAt: Date })[]) {
    const sentAlerts = new MemorySentAlertRepository(new MemoryOutbox());
    for (const alert of alerts) await sentAlerts.recordSent(alert, alertSentEvent(alert, sentAt, { costCents: 7, channels: ['sms'], smsPriceCents: 7 }));
    const dispatches = new MemoryDispatchRepository();
    const routes = notificationServiceRoutes({
      getAlertDispatch: new GetAlertDispatch({ dispatches }),
      listMemberAlerts: new ListMemberAlerts({ sentAlerts }),
    });
    return createClient(NotificationService, createRouterTransport(routes));
  }

  it("answers the alerts sent to the member, with the association, distance, channels and time, and no other member's", async () => {
    const client = await serviceWith([anAlert('a1', 'm1', { channels: ['sms', 'push'] }), anAlert('a2', 'm2'), anAlert('a3', 'm1')]);
    const { alerts } = await client.listMemberAlerts({ memberId: 'm1' });
    expect(alerts.map(({ reportId, companyName, distanceMiles, channels }) => ({ reportId, companyName, distanceMiles, channels })).sort((a, b) => a.reportId.localeCompare(b.reportId))).toEqual([
      { reportId: 'report-a1', companyName: 'Portland Bees', distanceMiles: 2.5, channels: [AlertChannel.SMS, AlertChannel.PUSH] },
      { reportId: 'report-a3', companyName: 'Portland Bees', distanceMiles: 2.5, channels: [AlertChannel.SMS] },
    ]);
    expect(alerts[0]?.sentAt && timestampDate(alerts[0].sentAt)).toEqual(sentAt);
  });

  it('answers nothing for a blank member id or where no alerts are sent', async () => {
    const client = await serviceWith([anAlert('a1', 'm1')]);
    expect((await client.listMemberAlerts({ memberId: ' ' })).alerts).toEqual([]);
    const withoutDispatch = createClient(
      NotificationService,
      createRouterTransport(
        notificationServiceRoutes({
          getAlertDispatch: new GetAlertDispatch({ dispatches: new MemoryDispatchRepository() }),
        }),
      ),
    );
    expect((await withoutDispatch.listMemberAlerts({ memberId: 'm1' })).alerts).toEqual([]);
  });
});
