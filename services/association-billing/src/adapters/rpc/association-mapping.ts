import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import {
  AssociationStatus as ProtoAssociationStatus,
  LedgerEntryKind as ProtoLedgerEntryKind,
  MembershipStatus as ProtoMembershipStatus,
  type AssociationSchema,
  type LedgerEntrySchema,
  type MembershipSchema,
} from '@swarm/proto/associationbilling/v1/association_billing_service';
import { AlertChannel as ProtoAlertChannel } from '@swarm/proto/common/v1/channel';
import type { MembershipView } from '../../app/membership-view.js';
import { AssociationError } from '../../domain/association-error.js';
import type { Association, AssociationStatus } from '../../domain/association.js';
import { alertChannelOf, type AlertChannel, type LedgerEntry, type LedgerEntryKind } from '../../domain/ledger.js';
import type { MembershipStatus } from '../../domain/membership.js';

const statuses: Record<AssociationStatus, ProtoAssociationStatus> = {
  active: ProtoAssociationStatus.ACTIVE,
  inactive: ProtoAssociationStatus.INACTIVE,
};

const membershipStatuses: Record<MembershipStatus, ProtoMembershipStatus> = {
  active: ProtoMembershipStatus.ACTIVE,
  inactive: ProtoMembershipStatus.INACTIVE,
};

const entryKinds: Record<LedgerEntryKind, ProtoLedgerEntryKind> = {
  'top-up': ProtoLedgerEntryKind.TOP_UP,
  'alert-charge': ProtoLedgerEntryKind.ALERT_CHARGE,
  'alert-refund': ProtoLedgerEntryKind.ALERT_REFUND,
  adjustment: ProtoLedgerEntryKind.ADJUSTMENT,
};

const channels: Record<AlertChannel, ProtoAlertChannel> = {
  sms: ProtoAlertChannel.SMS,
  push: ProtoAlertChannel.PUSH,
  email: ProtoAlertChannel.EMAIL,
};

/** The channel a ChargeAlert or RefundAlert request names; UNSPECIFIED is SMS, as for callers from before channels. */
export function fromProtoAlertChannel(channel: ProtoAlertChannel): AlertChannel {
  switch (channel) {
    case ProtoAlertChannel.UNSPECIFIED:
    case ProtoAlertChannel.SMS:
      return 'sms';
    case ProtoAlertChannel.PUSH:
      return 'push';
    case ProtoAlertChannel.EMAIL:
      return 'email';
    default: {
      // A value from a newer schema this service cannot price: refused rather than charged as something else.
      const problem = `Alert channel ${String(channel)} is not one this service prices`;
      throw new AssociationError('BILLING.INVALID', problem, [problem]);
    }
  }
}

export function toProtoAssociation(association: Association): MessageInitShape<typeof AssociationSchema> {
  return {
    companyId: association.companyId,
    companyName: association.companyName,
    donationUrl: association.donationUrl ?? '',
    status: statuses[association.status],
  };
}

export function toProtoMembership(membership: MembershipView): MessageInitShape<typeof MembershipSchema> {
  return {
    memberId: membership.memberId,
    association: toProtoAssociation(membership.association),
    status: membershipStatuses[membership.status],
    isAdmin: membership.isAdmin,
    dateJoined: timestampFromDate(membership.dateJoined),
    dateStatusChanged: timestampFromDate(membership.dateStatusChanged),
  };
}

export function toProtoLedgerEntry(entry: LedgerEntry): MessageInitShape<typeof LedgerEntrySchema> {
  return {
    entryId: entry.entryId,
    companyId: entry.companyId,
    kind: entryKinds[entry.kind],
    amountCents: entry.amountCents,
    createdAt: timestampFromDate(entry.createdAt),
    reportId: entry.reportId ?? '',
    memberId: entry.memberId ?? '',
    note: entry.note ?? '',
    channel: channelOfEntry(entry),
  };
}

function channelOfEntry(entry: LedgerEntry): ProtoAlertChannel {
  const channel = alertChannelOf(entry);
  return channel ? channels[channel] : ProtoAlertChannel.UNSPECIFIED;
}
