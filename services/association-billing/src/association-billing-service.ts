import type { ConnectRouter } from '@connectrpc/connect';
import type { EventBus, Logger, Subscription } from '@swarm/runtime';
import { AdjustBalance } from './app/adjust-balance.js';
import { ChargeAlert } from './app/charge-alert.js';
import { CreateAssociation } from './app/create-association.js';
import { DeactivateMembership } from './app/deactivate-membership.js';
import { GetAssociation } from './app/get-association.js';
import { IssueActivationCode } from './app/issue-activation-code.js';
import { JoinAssociation } from './app/join-association.js';
import { LeaveAssociation } from './app/leave-association.js';
import { LeaveEveryAssociation } from './app/leave-every-association.js';
import { ListAssociationMembers } from './app/list-association-members.js';
import { ListMemberMemberships } from './app/list-member-memberships.js';
import { MakeMembershipAdmin } from './app/make-membership-admin.js';
import { RevokeMembershipAdmin } from './app/revoke-membership-admin.js';
import { ListPayingMemberships } from './app/list-paying-memberships.js';
import { LowBalanceNotice } from './app/low-balance-notice.js';
import type {
  ActivationCodeRepository,
  AssociationRepository,
  Clock,
  IdGenerator,
  LedgerRepository,
  Mailer,
  JoinFailureRepository,
  MembershipRepository,
  RandomBelow,
  WarningLog,
} from './app/ports.js';
import { ReadLedger } from './app/read-ledger.js';
import { RefundAlert } from './app/refund-alert.js';
import { SetAdminContactEmail } from './app/set-admin-contact-email.js';
import { TopUp } from './app/top-up.js';
import { subscribeToMemberDeleted } from './adapters/events/member-deleted-subscriber.js';
import { associationBillingServiceRoutes } from './adapters/rpc/association-billing-service-routes.js';
import { MemoryActivationCodeRepository } from './adapters/memory/memory-activation-code-repository.js';
import { MemoryAssociationRepository } from './adapters/memory/memory-association-repository.js';
import { MemoryJoinFailureRepository } from './adapters/memory/memory-join-failure-repository.js';
import { MemoryLedgerRepository } from './adapters/memory/memory-ledger-repository.js';
import { MemoryMembershipRepository } from './adapters/memory/memory-membership-repository.js';
import { checkAlertPrices, DEFAULT_ALERT_PRICES, type AlertPrices } from './domain/ledger.js';

export const DEFAULT_LOW_BALANCE_THRESHOLD_CENTS = 500;

export type AssociationBillingStores = {
  associations: AssociationRepository;
  activationCodes: ActivationCodeRepository;
  memberships: MembershipRepository;
  ledger: LedgerRepository;
  joinFailures: JoinFailureRepository;
};

export type AssociationBillingPorts = AssociationBillingStores & {
  mailer: Mailer;
  log: WarningLog;
  clock: Clock;
  ids: IdGenerator;
  randomBelow: RandomBelow;
  lowBalanceThresholdCents: number;
  /** What an alert costs on each channel; the spec's prices (a text 7 cents, the others free) when not given. */
  alertPrices?: AlertPrices;
};

/** Fresh in-memory stores, for the embedded mode and tests. */
export function memoryAssociationBillingStores(): AssociationBillingStores {
  return {
    associations: new MemoryAssociationRepository(),
    activationCodes: new MemoryActivationCodeRepository(),
    memberships: new MemoryMembershipRepository(),
    ledger: new MemoryLedgerRepository(),
    joinFailures: new MemoryJoinFailureRepository(),
  };
}

/** Wires the association and billing use cases to the adapters its composition (or a test) chose; every port is given. */
export function buildAssociationBillingService(ports: AssociationBillingPorts): {
  routes: (router: ConnectRouter) => void;
  /** Follows the events this service acts on: member.deleted. */
  subscribe: (bus: EventBus, logger: Logger) => Promise<Subscription[]>;
} {
  const { associations, activationCodes, memberships, ledger, clock, ids } = ports;
  const notice = new LowBalanceNotice(ledger, ports.mailer, ports.log, ports.lowBalanceThresholdCents);
  const prices = checkAlertPrices(ports.alertPrices ?? DEFAULT_ALERT_PRICES);
  const leaveEveryAssociation = new LeaveEveryAssociation({ memberships });
  return {
    subscribe: async (bus, logger) => [await subscribeToMemberDeleted(bus, leaveEveryAssociation, logger)],
    routes: associationBillingServiceRoutes({
      createAssociation: new CreateAssociation({ associations, clock, ids }),
      getAssociation: new GetAssociation({ associations }),
      setAdminContactEmail: new SetAdminContactEmail({ associations }),
      listPayingMemberships: new ListPayingMemberships({ associations, memberships, ledger, prices }),
      issueActivationCode: new IssueActivationCode({ associations, codes: activationCodes, clock, randomBelow: ports.randomBelow }),
      joinAssociation: new JoinAssociation({ associations, codes: activationCodes, memberships, joinFailures: ports.joinFailures, clock }),
      leaveAssociation: new LeaveAssociation({ memberships }),
      listMemberMemberships: new ListMemberMemberships({ associations, memberships }),
      listAssociationMembers: new ListAssociationMembers({ associations, memberships }),
      deactivateMembership: new DeactivateMembership({ associations, memberships, clock }),
      makeMembershipAdmin: new MakeMembershipAdmin({ associations, memberships }),
      revokeMembershipAdmin: new RevokeMembershipAdmin({ associations, memberships }),
      topUp: new TopUp({ associations, ledger, notice, clock, ids }),
      adjustBalance: new AdjustBalance({ associations, ledger, notice, clock, ids }),
      chargeAlert: new ChargeAlert({ associations, memberships, ledger, notice, clock, ids, prices }),
      alertPrices: prices,
      refundAlert: new RefundAlert({ ledger, clock, ids }),
      readLedger: new ReadLedger({ associations, ledger }),
      lowBalanceThresholdCents: notice.thresholdCents,
    }),
  };
}
