import type { SentAlert } from '../domain/sent-alert.js';
import type { SentAlertRepository } from './ports/stores.js';

/** More than any member is sent in years; a member's data stays one answer. */
export const MAX_MEMBER_ALERTS = 1_000;

/** The alerts a member was sent, newest first: part of the member's own data. */
export class ListMemberAlerts {
  constructor(private readonly ports: { sentAlerts: SentAlertRepository }) {}

  async execute(memberId: string): Promise<SentAlert[]> {
    if (!memberId.trim()) return [];
    return this.ports.sentAlerts.listSentToMember(memberId, MAX_MEMBER_ALERTS);
  }
}
