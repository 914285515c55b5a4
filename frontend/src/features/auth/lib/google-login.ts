import { env } from '@/config/env';

/** Spec §7: the OAuth flow is a full-page navigation, so the provider's pages and cookies work as usual. */
export const googleLoginHref = () => `${env.apiBaseUrl.replace(/\/+$/, '')}/oauth/google/member`;
