export const CLAIM_CODE_DIGITS = 5;

/** A claim code is five digits, leading zeros kept ("00042"), drawn from a uniform integer in [0, 100000). */
export function claimCodeFrom(randomBelow: (bound: number) => number): string {
  return String(randomBelow(10 ** CLAIM_CODE_DIGITS)).padStart(CLAIM_CODE_DIGITS, '0');
}

export function isClaimCode(value: string): boolean {
  return /^\d{5}$/.test(value);
}
