import { randomInt, randomUUID } from 'node:crypto';

/** The real clock, ids and randomness; tests pass their own. */
export const systemClock = { now: () => new Date() };
export const uuidIds = { newId: () => randomUUID() };
export const secureRandomBelow = (bound: number): number => randomInt(bound);
