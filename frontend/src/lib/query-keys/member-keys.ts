import { memberQueryRoot } from '@/lib/query-client';

/** Query keys of the member area; all start with the member root so a logout or 401 drops them together. */
export const memberKeys = {
  all: memberQueryRoot,
  information: [...memberQueryRoot, 'information'] as const,
  availability: [...memberQueryRoot, 'availability'] as const,
  alertChannels: [...memberQueryRoot, 'alert-channels'] as const,
};

/**
 * Mutation keys of the requests behind the one combined 'Loading...' flag of spec §2: login link,
 * availability, information, onboarding and logout.
 */
export const memberRequestKeys = {
  loginLink: ['member-request', 'login-link'] as const,
  availability: ['member-request', 'availability'] as const,
  information: ['member-request', 'information'] as const,
  onboarding: ['member-request', 'onboarding'] as const,
  logout: ['member-request', 'logout'] as const,
};

export const memberRequestRoot = ['member-request'] as const;
