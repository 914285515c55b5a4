import type { ConnectRouter } from '@connectrpc/connect';
import { AssociationBillingService } from '@swarm/proto/associationbilling/v1/association_billing_service';
import { connectErrorsFor } from '@swarm/runtime';
import type { AdjustBalance } from '../../app/adjust-balance.js';
import type { ChargeAlert } from '../../app/charge-alert.js';
import type { AlertPrices } from '../../domain/ledger.js';
import type { CreateAssociation } from '../../app/create-association.js';
import type { GetAssociation } from '../../app/get-association.js';
import type { IssueActivationCode } from '../../app/issue-activation-code.js';
import type { JoinAssociation } from '../../app/join-association.js';
import type { LeaveAssociation } from '../../app/leave-association.js';
import type { DeactivateMembership } from '../../app/deactivate-membership.js';
import type { ListAssociationMembers } from '../../app/list-association-members.js';
import type { ListMemberMemberships } from '../../app/list-member-memberships.js';
import type { MakeMembershipAdmin } from '../../app/make-membership-admin.js';
import type { RevokeMembershipAdmin } from '../../app/revoke-membership-admin.js';
import type { ListPayingMemberships } from '../../app/list-paying-memberships.js';
import type { ReadLedger } from '../../app/read-ledger.js';
import type { RefundAlert } from '../../app/refund-alert.js';
import type { SetAdminContactEmail } from '../../app/set-admin-contact-email.js';
import type { TopUp } from '../../app/top-up.js';
import type { AssociationErrorCode } from '../../domain/association-error.js';
import { fromProtoAlertChannel, toProtoAssociation, toProtoLedgerEntry, toProtoMembership } from './association-mapping.js';

/** The Connect code of each rule code is the error table's (@swarm/runtime); every code of this service has a row. */
const toConnect = connectErrorsFor<AssociationErrorCode>();

export type AssociationBillingUseCases = {
  createAssociation: CreateAssociation;
  getAssociation: GetAssociation;
  setAdminContactEmail: SetAdminContactEmail;
  listPayingMemberships: ListPayingMemberships;
  issueActivationCode: IssueActivationCode;
  joinAssociation: JoinAssociation;
  leaveAssociation: LeaveAssociation;
  listMemberMemberships: ListMemberMemberships;
  listAssociationMembers: ListAssociationMembers;
  deactivateMembership: DeactivateMembership;
  makeMembershipAdmin: MakeMembershipAdmin;
  revokeMembershipAdmin: RevokeMembershipAdmin;
  topUp: TopUp;
  adjustBalance: AdjustBalance;
  chargeAlert: ChargeAlert;
  /** The price of each channel, for what an alert would have cost by text message. */
  alertPrices: AlertPrices;
  refundAlert: RefundAlert;
  readLedger: ReadLedger;
  lowBalanceThresholdCents: number;
};

/** Runs a handler body and converts whatever it throws into the matching Connect error. */
async function mapped<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    throw toConnect(error);
  }
}

export function associationBillingServiceRoutes(useCases: AssociationBillingUseCases) {
  return (router: ConnectRouter) => {
    router.service(AssociationBillingService, {
      createAssociation: (request) =>
        mapped(async () => {
          const association = await useCases.createAssociation.execute({
            companyName: request.companyName,
            donationUrl: request.donationUrl,
            adminContactEmail: request.adminContactEmail,
          });
          return { association: toProtoAssociation(association) };
        }),
      getAssociation: (request) =>
        mapped(async () => {
          const association = await useCases.getAssociation.execute(request.companyId);
          return { association: toProtoAssociation(association), adminContactEmail: association.adminContactEmail ?? '' };
        }),
      setAdminContactEmail: (request) =>
        mapped(async () => {
          await useCases.setAdminContactEmail.execute(request.companyId, request.adminContactEmail);
          return {};
        }),
      listPayingMemberships: (request) =>
        mapped(async () => {
          const paying = await useCases.listPayingMemberships.execute(request.memberIds);
          return { memberships: paying.map(({ memberId, association }) => ({ memberId, association: toProtoAssociation(association) })) };
        }),
      issueActivationCode: (request) =>
        mapped(async () => ({ activationCode: (await useCases.issueActivationCode.execute(request.companyId)).code })),
      joinAssociation: (request) =>
        mapped(async () => {
          const outcome = await useCases.joinAssociation.execute({ memberId: request.memberId, activationCode: request.activationCode });
          return { membership: toProtoMembership(outcome.membership), reactivated: outcome.reactivated };
        }),
      leaveAssociation: (request) =>
        mapped(async () => {
          await useCases.leaveAssociation.execute({ memberId: request.memberId, companyId: request.companyId });
          return {};
        }),
      listMemberMemberships: (request) =>
        mapped(async () => ({ memberships: (await useCases.listMemberMemberships.execute(request.memberId)).map(toProtoMembership) })),
      listAssociationMembers: (request) =>
        mapped(async () => ({ memberships: (await useCases.listAssociationMembers.execute(request.companyId)).map(toProtoMembership) })),
      deactivateMembership: (request) =>
        mapped(async () => ({ membership: toProtoMembership(await useCases.deactivateMembership.execute(request)) })),
      makeAdmin: (request) => mapped(async () => ({ membership: toProtoMembership(await useCases.makeMembershipAdmin.execute(request)) })),
      revokeAdmin: (request) =>
        mapped(async () => {
          const { membership, wasAdmin } = await useCases.revokeMembershipAdmin.execute(request);
          return { membership: toProtoMembership(membership), wasAdmin };
        }),
      topUp: (request) =>
        mapped(async () => {
          const outcome = await useCases.topUp.execute({
            companyId: request.companyId,
            amountCents: request.amountCents,
            topUpId: request.topUpId,
            note: request.note,
          });
          return { entry: toProtoLedgerEntry(outcome.entry), balanceCents: outcome.balanceCents, replayed: outcome.replayed };
        }),
      adjustBalance: (request) =>
        mapped(async () => {
          const outcome = await useCases.adjustBalance.execute({
            companyId: request.companyId,
            amountCents: request.amountCents,
            adjustmentId: request.adjustmentId,
            note: request.note,
          });
          return { entry: toProtoLedgerEntry(outcome.entry), balanceCents: outcome.balanceCents, replayed: outcome.replayed };
        }),
      chargeAlert: (request) =>
        mapped(async () => {
          const outcome = await useCases.chargeAlert.execute({
            reportId: request.reportId,
            memberId: request.memberId,
            companyId: request.companyId,
            channel: fromProtoAlertChannel(request.channel),
          });
          return {
            ...(outcome.entry ? { entry: toProtoLedgerEntry(outcome.entry) } : {}),
            balanceCents: outcome.balanceCents,
            replayed: outcome.replayed,
            priceCents: outcome.priceCents,
            smsPriceCents: useCases.alertPrices.sms,
          };
        }),
      refundAlert: (request) =>
        mapped(async () => {
          const outcome = await useCases.refundAlert.execute({
            reportId: request.reportId,
            memberId: request.memberId,
            reason: request.reason,
            channel: fromProtoAlertChannel(request.channel),
          });
          if (!outcome.charged) return { balanceCents: 0, replayed: false, charged: false };
          return { entry: toProtoLedgerEntry(outcome.entry), balanceCents: outcome.balanceCents, replayed: outcome.replayed, charged: true };
        }),
      getBalance: (request) =>
        mapped(async () => ({
          balanceCents: await useCases.readLedger.balance(request.companyId),
          lowBalanceThresholdCents: useCases.lowBalanceThresholdCents,
        })),
      listLedgerEntries: (request) =>
        mapped(async () => ({ entries: (await useCases.readLedger.entries(request.companyId)).map(toProtoLedgerEntry) })),
    });
  };
}
