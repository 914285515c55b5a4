import { useIsMutating } from '@tanstack/react-query';
import { memberRequestRoot } from '@/lib/query-keys/member-keys';

/** Spec §2: one combined pending flag across login link, availability, information, onboarding and logout. */
export const useMemberRequestsPending = (): boolean => useIsMutating({ mutationKey: memberRequestRoot }) > 0;
