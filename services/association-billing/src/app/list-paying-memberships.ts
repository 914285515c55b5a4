import type { Association } from '../domain/association.js';
import { AssociationError } from '../domain/association-error.js';
import type { AlertPrices } from '../domain/ledger.js';
import { checkId } from '../domain/membership.js';
import type { AssociationRepository, LedgerRepository, MembershipRepository } from './ports.js';

export const MAX_MEMBERS_PER_QUERY = 10_000;

export type PayingMembership = { memberId: string; association: Association };

/**
 * For each member, the associations an alert can reach them through now: an active membership in an active
 * association whose balance pays for one text alert. The text price is the bar whatever channels the member uses:
 * the question carries no channel, and a text is the alert every member can get.
 */
export class ListPayingMemberships {
  constructor(
    private readonly ports: {
      associations: AssociationRepository;
      memberships: MembershipRepository;
      ledger: LedgerRepository;
      prices: AlertPrices;
    },
  ) {}

  async execute(memberIds: readonly string[]): Promise<PayingMembership[]> {
    if (memberIds.length > MAX_MEMBERS_PER_QUERY) {
      throw new AssociationError('MEMBERSHIP.INVALID', `at most ${MAX_MEMBERS_PER_QUERY} members per query`);
    }
    const ids = [...new Set(memberIds.map((memberId) => checkId(memberId, 'Member id')))];
    if (ids.length === 0) return [];
    const active = await this.ports.memberships.listActiveByMembers(ids);
    const companyIds = [...new Set(active.map((membership) => membership.companyId))];
    const [associations, balances] = await Promise.all([this.ports.associations.findByIds(companyIds), this.ports.ledger.balancesOf(companyIds)]);
    const paying = new Map(
      associations
        .filter((association) => association.status === 'active' && (balances.get(association.companyId) ?? 0) >= this.ports.prices.sms)
        .map((association) => [association.companyId, association]),
    );
    return active.flatMap((membership) => {
      const association = paying.get(membership.companyId);
      return association ? [{ memberId: membership.memberId, association }] : [];
    });
  }
}
