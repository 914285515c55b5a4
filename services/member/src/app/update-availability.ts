import { changeAvailability, normaliseTimeZone, type AvailabilityChange } from '../domain/availability.js';
import type { Member } from '../domain/member.js';
import { MemberError } from '../domain/member-error.js';
import type { MemberPatch, MemberRepository } from './ports.js';

export class UpdateAvailability {
  constructor(private readonly ports: { members: MemberRepository }) {}

  /** Applies the fields given (the member area sends one at a time), checked against the member's current availability. */
  async execute(memberId: string, change: AvailabilityChange & { timeZone?: string }): Promise<Member> {
    const timeZone = change.timeZone === undefined ? undefined : normaliseTimeZone(change.timeZone);
    const member = await this.ports.members.findById(memberId);
    if (!member) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    const next = changeAvailability(member.availability, change);

    // Only what this request changes is written, so two keys sent in quick succession do not undo each other.
    const availability: NonNullable<MemberPatch['availability']> = {};
    if (change.doNotDisturb !== undefined) availability.doNotDisturb = next.doNotDisturb;
    if (change.elevationMaximumFeet !== undefined) availability.elevationMaximumFeet = next.elevationMaximumFeet;
    if (change.rangeInMiles !== undefined) availability.rangeInMiles = next.rangeInMiles;
    if (change.extraMiles !== undefined) availability.extraMiles = next.extraMiles;
    const changedDays = new Set((change.dayHours ?? []).map(({ day }) => day));
    if (changedDays.size > 0) availability.days = Object.fromEntries([...changedDays].map((day) => [day, next.days[day]]));
    const patch: MemberPatch = { availability };
    if (timeZone !== undefined) patch.timeZone = timeZone;

    const updated = await this.ports.members.update(memberId, patch);
    if (!updated) throw new MemberError('MEMBER.NOT_FOUND', 'member not found');
    return updated;
  }
}
