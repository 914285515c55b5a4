import type { MemberAlertSettings } from '../../domain/member-settings.js';

// The other services, as alert dispatch needs them.

/** The member service, as dispatch needs it: the current alert settings of members, many at once. */
export interface MemberDirectory {
  /** Unknown members are left out. */
  listAlertSettings(memberIds: string[]): Promise<MemberAlertSettings[]>;
}

export interface AlertBilling {
  /** Charges the alert once per (report, member); a repeat answers the first charge and charges nothing. */
  chargeAlert(charge: { reportId: string; memberId: string; companyId: string }): Promise<'charged' | 'insufficient-funds' | 'not-paying'>;
}
