/**
 * Announced once a change of a member is stored, with the member's version after it. It names the member only: a
 * service keeping a copy of what it needs (notification, for alerting) reads the current settings when the version
 * is newer than its copy's, so a late or repeated event never undoes a newer change.
 */
export type MemberChanged = { kind: 'member.changed'; eventId: string; memberId: string; version: number };

/** One id per member and version, so a change announced again is deduplicated by the outbox and the bus. */
export function memberChanged(memberId: string, version: number): MemberChanged {
  return { kind: 'member.changed', eventId: `member-changed--${memberId}--${version}`, memberId, version };
}

/**
 * Announced once a member's deletion of their account is stored. Each service erases what it keeps of the member; the
 * id no longer names anyone.
 */
export type MemberDeleted = { kind: 'member.deleted'; eventId: string; memberId: string };

/** One id per member: an account is deleted once, so a repeated announcement is deduplicated. */
export function memberDeleted(memberId: string): MemberDeleted {
  return { kind: 'member.deleted', eventId: `member-deleted--${memberId}`, memberId };
}
