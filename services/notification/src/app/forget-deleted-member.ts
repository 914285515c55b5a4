import type { DispatchLog } from './ports/clock-and-log.js';
import type { MemberSettingsRepository } from './ports/stores.js';

/**
 * On member.deleted: the copy of the member's alert settings (phone, email, devices, hours) is erased for good. What
 * they were sent and claimed stays as counts, under an id that no longer names anyone. Idempotent.
 */
export class ForgetDeletedMember {
  constructor(private readonly ports: { settings: MemberSettingsRepository; log: DispatchLog }) {}

  async execute(event: { memberId: string }): Promise<void> {
    await this.ports.settings.erase(event.memberId);
    this.ports.log.info({ memberId: event.memberId }, 'deleted member’s alert settings erased');
  }
}
