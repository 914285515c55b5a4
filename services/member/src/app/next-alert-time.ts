import { nextAvailableAt } from '../domain/availability.js';
import { MemberError } from '../domain/member-error.js';
import type { Clock, MemberRepository } from './ports.js';

/** `sendAt` undefined means never: Do Not Disturb is on, or no window can be found. */
export type AlertTime = { sendAt: Date | undefined };

export class NextAlertTime {
  constructor(
    private readonly members: MemberRepository,
    private readonly clock: Clock,
  ) {}

  /** When an alert may go to the member, at or after `notBefore` (now when not given), read in the member's zone. */
  async execute(memberId: string, notBefore?: Date): Promise<AlertTime> {
    const member = await this.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return { sendAt: nextAvailableAt(member.availability, member.timeZone, notBefore ?? this.clock.now()) };
  }
}
