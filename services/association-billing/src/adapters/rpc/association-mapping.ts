import type { MessageInitShape } from '@bufbuild/protobuf';
import { AssociationStatus as ProtoAssociationStatus, type AssociationSchema } from '@swarm/proto/associationbilling/v1/association_billing_service';
import type { Association, AssociationStatus } from '../../domain/association.js';

const statuses: Record<AssociationStatus, ProtoAssociationStatus> = {
  active: ProtoAssociationStatus.ACTIVE,
  inactive: ProtoAssociationStatus.INACTIVE,
};

export function toProtoAssociation(association: Association): MessageInitShape<typeof AssociationSchema> {
  return {
    companyId: association.companyId,
    companyName: association.companyName,
    donationUrl: association.donationUrl ?? '',
    status: statuses[association.status],
  };
}
