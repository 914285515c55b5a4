import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { ToastProvider } from '@/components/ui/toast';
import { UpdatePrompt } from '@/features/app-update/components/update-prompt';
import { GlobalStyle } from '@/styles/global-style';
import { theme } from '@/styles/theme';

interface AppProviderProps {
  children: ReactNode;
}

/**
 * What every page sits in: the theme, the error panel, the toasts, the new-version banner. The query client is not here: React Query comes
 * with the first page that calls the API (`lazyComponentWithQueries`), not with the landing page.
 */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AppErrorBoundary>
        <ToastProvider>{children}</ToastProvider>
      </AppErrorBoundary>
      {/* Beside the pages, not under an error boundary of theirs: it shows even while a page has failed. */}
      <UpdatePrompt />
    </ThemeProvider>
  );
}
