import { AssociationError } from './association-error.js';

export const ACTIVATION_CODE_LENGTH = 8;
/** Capital letters and digits without the look-alikes 0/O and 1/I, so a code read aloud or copied by hand survives. */
export const ACTIVATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code an operator issued for one association; it stays valid for any number of members. */
export type ActivationCode = {
  code: string;
  companyId: string;
  issuedAt: Date;
};

/** `randomBelow(n)` must come from a secure random source: a guessable code would let anyone join. */
export function generateActivationCode(randomBelow: (bound: number) => number): string {
  let code = '';
  for (let index = 0; index < ACTIVATION_CODE_LENGTH; index += 1) {
    code += ACTIVATION_CODE_ALPHABET[randomBelow(ACTIVATION_CODE_ALPHABET.length)];
  }
  return code;
}

/** Exactly 8 letters or digits, as the member typed it; matched without regard to case. */
export function normalizeActivationCode(input: string): string {
  const code = input.trim();
  if (!code) throw new AssociationError('ACTIVATION_CODE.INVALID', 'Activation code is required', ['Activation code is required']);
  if (!/^[A-Za-z0-9]+$/.test(code)) {
    const problem = 'Activation code must contain only letters and numbers';
    throw new AssociationError('ACTIVATION_CODE.INVALID', problem, [problem]);
  }
  if (code.length !== ACTIVATION_CODE_LENGTH) {
    const problem = `Activation code must be exactly ${ACTIVATION_CODE_LENGTH} characters`;
    throw new AssociationError('ACTIVATION_CODE.INVALID', problem, [problem]);
  }
  return code.toUpperCase();
}
