import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { getPublicConfigQueryOptions, usePublicConfig } from '@/lib/public-config';
import { getBotCheckToken, loadRecaptcha } from '@/lib/recaptcha';

/**
 * The bot check of a page (spec §7: action 'report' on the report page, 'login_member' on the login page).
 * The reCAPTCHA script is fetched only where the gateway names a site key, and early, so the token is quick to get.
 */
export function useBotCheck(action: string): () => Promise<string> {
  const queryClient = useQueryClient();
  const siteKey = usePublicConfig().data?.recaptchaSiteKey ?? null;

  useEffect(() => {
    if (siteKey !== null) loadRecaptcha(siteKey).catch(() => undefined);
  }, [siteKey]);

  return useCallback(async () => {
    const config = await queryClient.fetchQuery(getPublicConfigQueryOptions());
    return getBotCheckToken(config.recaptchaSiteKey, action);
  }, [queryClient, action]);
}
