/**
 * Spec §9: a claim code is five digits, leading zeros kept ("00042"). The report service draws it, the notification
 * service reads a reply that is one as a claim and puts it in alerts.
 */
export const CLAIM_CODE_DIGITS = 5;

const CLAIM_CODE_PATTERN = new RegExp(`^\\d{${CLAIM_CODE_DIGITS}}$`);

export function isClaimCode(text: string): boolean {
  return CLAIM_CODE_PATTERN.test(text);
}
