import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { ToastProvider } from '@/components/ui/toast';
import { GlobalStyle } from '@/styles/global-style';
import { theme } from '@/styles/theme';

interface AppProviderProps {
  children: ReactNode;
}

/**
 * What every page sits in: the theme, the error panel, the toasts. The query client is not here: React Query comes
 * with the first page that calls the API (`lazyComponentWithQueries`), not with the landing page.
 */
export function AppProvider({ children }: AppProviderProps) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <AppErrorBoundary>
        <ToastProvider>{children}</ToastProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
