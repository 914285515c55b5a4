import type { RegisterOptions } from 'react-hook-form';

export const ACTIVATION_CODE_LENGTH = 8;

/** Spec §5: exactly 8 characters, required, letters and numbers only. */
export const activationCodeRules = {
  required: 'Activation code is required',
  validate: (value: string) => {
    const code = value.trim();
    if (code === '') return 'Activation code is required';
    if (!/^[A-Za-z0-9]+$/.test(code)) return 'Activation code must contain only letters and numbers';
    if (code.length !== ACTIVATION_CODE_LENGTH) return `Activation code must be exactly ${ACTIVATION_CODE_LENGTH} characters`;
    return true;
  },
} satisfies RegisterOptions<{ activationCode: string }, 'activationCode'>;

/** Spec §5: the inactive-association modal only checks that something was typed. */
export const modalActivationCodeRules = {
  validate: (value: string) => (value.trim() === '' ? 'Activation code is required' : true),
} satisfies RegisterOptions<{ activationCode: string }, 'activationCode'>;
