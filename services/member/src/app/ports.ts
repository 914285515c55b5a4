import type { Member } from '../domain/member.js';

export type InsertOutcome = { member: Member; created: boolean };

export interface MemberRepository {
  /**
   * Stores the member unless one with the same email is already stored, atomically: concurrent calls for one email
   * store exactly one member. Returns the stored member and whether it is the one given.
   */
  insertIfAbsent(member: Member): Promise<InsertOutcome>;
  findById(memberId: string): Promise<Member | undefined>;
  /** `email` is normalised. */
  findByEmail(email: string): Promise<Member | undefined>;
}

export interface Clock {
  now(): Date;
}

export interface IdGenerator {
  newId(): string;
}
