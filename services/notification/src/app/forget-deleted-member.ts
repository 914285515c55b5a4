import type { DispatchLog } from './ports/clock-and-log.js';
import type { MemberSettingsRepository, SentTextRepository } from './ports/stores.js';

/**
 * On member.deleted: the copy of the member's alert settings (phone, email, devices, hours) is erased for good, and
 * where their messages went. What they were sent and claimed stays as counts, under an id that no longer names anyone.
 * Idempotent.
 */
export class ForgetDeletedMember {
  constructor(private readonly ports: { settings: MemberSettingsRepository; sentTexts: SentTextRepository; log: DispatchLog }) {}

  async execute(event: { memberId: string }): Promise<void> {
    await this.ports.settings.erase(event.memberId);
    await this.ports.sentTexts.eraseDestinationsOf(event.memberId);
    this.ports.log.info({ memberId: event.memberId }, 'deleted member’s alert settings erased');
  }
}
