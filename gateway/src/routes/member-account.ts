import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError } from '@connectrpc/connect';
import { AlertChannel } from '@swarm/proto/common/v1/channel';
import type { AlertChannelLabel } from '@swarm/proto/labels';
import { MEMBER_DATA_FILE_NAME, memberData, type MemberData } from '@swarm/api-contract/member-account';
import { apiRoutes } from '@swarm/api-contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, memberIdOf, type SessionCookieSettings } from '../auth/member-session.js';
import type { SessionStore } from '../auth/session-store.js';
import type { ServiceClients } from '../clients/service-clients.js';
import { availability, information } from './member.js';
import { channelsView } from './member-alert-channels.js';
import { toMemberCompany } from './member-company.js';
import { activeReportView, claimedReportView } from './member-report.js';
import { contractRoute } from './contract-route.js';

export const ACCOUNT_MESSAGES = {
  deleteFailed: 'Something went wrong deleting your account. Please try again.',
  downloadFailed: 'Something went wrong gathering your data. Please try again.',
} as const;

const unavailable = (message: string) => ({ 500: message, 502: message, 503: message, 504: message });

const CHANNEL_NAMES: Partial<Record<AlertChannel, AlertChannelLabel>> = { [AlertChannel.SMS]: 'sms', [AlertChannel.PUSH]: 'push', [AlertChannel.EMAIL]: 'email' };

export { MEMBER_DATA_FILE_NAME };

/**
 * The member's own account: "Delete my account" and "Download my data". Behind the session check of every
 * /api/member/ route, so a member only ever deletes or reads their own account.
 */
export function memberAccountRoutes(app: FastifyInstance, options: { clients: ServiceClients; sessions: SessionStore; cookies: SessionCookieSettings }): void {
  const { clients, sessions, cookies } = options;

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(apiRoutes.deleteAccount, { errorMessages: unavailable(ACCOUNT_MESSAGES.deleteFailed) }),
    handler: async (request, reply) => {
      const memberId = memberIdOf(request);
      // Deleting twice (a second tab, a retried request) ends as deleting once: the sessions still end.
      await clients.member.deleteMember({ memberId }).catch((error: unknown) => {
        if (!(error instanceof ConnectError && error.code === Code.NotFound)) throw error;
      });
      await sessions.destroyAllOf(memberId);
      // The session check renewed the cookie on the way in; the browser is told to forget it instead.
      clearSessionCookie(reply, cookies);
      return reply.header('cache-control', 'no-store').code(204).send();
    },
  });

  api.route({
    ...contractRoute(apiRoutes.downloadMemberData, { errorMessages: unavailable(ACCOUNT_MESSAGES.downloadFailed) }),
    handler: async (request, reply) => {
      const memberId = memberIdOf(request);
      const [{ member }, channels, { memberships }, active, claimed, { alerts }] = await Promise.all([
        clients.member.getMember({ memberId }),
        clients.member.getAlertChannels({ memberId }),
        clients.associationBilling.listMemberMemberships({ memberId }),
        clients.report.listActiveReportsForMember({ memberId }),
        clients.report.listClaimedReportsForMember({ memberId }),
        clients.notification.listMemberAlerts({ memberId }),
      ]);
      const data: MemberData = {
        exportedAt: new Date().toISOString(),
        member: { memberId, email: member?.email ?? '', ...information(member), timeZone: member?.timeZone ?? '' },
        availability: availability(member),
        // The devices by name and date: the push subscriptions (endpoints and keys) are secrets, never shown.
        alertChannels: channelsView(channels.channels, channels.devices),
        associations: memberships.map(toMemberCompany),
        alertsReceived: alerts.map((alert) => ({
          reportId: alert.reportId,
          companyName: alert.companyName,
          distanceMiles: Math.round(alert.distanceMiles * 100) / 100,
          channels: alert.channels.flatMap((channel) => CHANNEL_NAMES[channel] ?? []),
          sentAt: alert.sentAt ? timestampDate(alert.sentAt).toISOString() : null,
        })),
        activeSwarmsAlerted: active.reports.map(activeReportView),
        claimedSwarms: claimed.reports.map(claimedReportView),
      };
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${MEMBER_DATA_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(memberData.parse(data), null, 2));
    },
  });
}
