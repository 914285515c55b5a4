import { createClient, type Client, type Transport } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { Health } from '@swarm/proto/health/v1/health';
import { InsightsService } from '@swarm/proto/insights/v1/insights_service';
import { MemberService } from '@swarm/proto/member/v1/member_service';
import { NotificationService } from '@swarm/proto/notification/v1/notification_service';
import { ReportService } from '@swarm/proto/report/v1/report_service';
import { serviceTransport } from '@swarm/runtime';

export const SERVICE_NAMES = ['report', 'member', 'association-billing', 'notification', 'insights'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type ServiceTransports = Record<ServiceName, Transport>;

export type ServiceClients = {
  report: Client<typeof ReportService>;
  member: Client<typeof MemberService>;
  associationBilling: Client<typeof AssociationBillingService>;
  notification: Client<typeof NotificationService>;
  insights: Client<typeof InsightsService>;
  health: Record<ServiceName, Client<typeof Health>>;
};

export function createServiceClients(transports: ServiceTransports): ServiceClients {
  return {
    report: createClient(ReportService, transports.report),
    member: createClient(MemberService, transports.member),
    associationBilling: createClient(AssociationBillingService, transports['association-billing']),
    notification: createClient(NotificationService, transports.notification),
    insights: createClient(InsightsService, transports.insights),
    health: {
      report: createClient(Health, transports.report),
      member: createClient(Health, transports.member),
      'association-billing': createClient(Health, transports['association-billing']),
      notification: createClient(Health, transports.notification),
      insights: createClient(Health, transports.insights),
    },
  };
}

/** Connect over HTTP/2 cleartext to services running as their own processes. */
export function networkTransports(urls: Record<ServiceName, string>): ServiceTransports {
  return {
    report: serviceTransport(urls.report),
    member: serviceTransport(urls.member),
    'association-billing': serviceTransport(urls['association-billing']),
    notification: serviceTransport(urls.notification),
    insights: serviceTransport(urls.insights),
  };
}
