import { CLAIM_CODE_DIGITS } from '@swarm/proto/labels/claim-code';

export { isClaimCode } from '@swarm/proto/labels/claim-code';

/** How many claim codes there are: live reports can hold at most this many at once. */
export const CLAIM_CODE_COUNT = 10 ** CLAIM_CODE_DIGITS;

/** The code for a number in [0, CLAIM_CODE_COUNT): five digits, leading zeros kept. */
export function claimCodeOf(value: number): string {
  return String(value).padStart(CLAIM_CODE_DIGITS, '0');
}

/** A claim code is five digits, leading zeros kept ("00042"), drawn from a uniform integer in [0, 100000). */
export function claimCodeFrom(randomBelow: (bound: number) => number): string {
  return claimCodeOf(randomBelow(CLAIM_CODE_COUNT));
}
