import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { PageIntl } from '@/lib/i18n/page-intl';
import { ChosenQueryClient } from '@/lib/query-scope';

/** The app's providers with a test's own query client, for the pages fetched later and for what the test mounts. */
export function TestAppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <AppProvider>
      <ChosenQueryClient.Provider value={queryClient}>
        <QueryClientProvider client={queryClient}>
          <PageIntl>{children}</PageIntl>
        </QueryClientProvider>
      </ChosenQueryClient.Provider>
    </AppProvider>
  );
}
