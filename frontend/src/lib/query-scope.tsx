import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { PageIntl } from './i18n/page-intl';
import { createQueryClient } from './query-client';

/**
 * The query client a test chose for the whole app; the site itself leaves it unset and uses its one client. Kept in
 * this module with React Query: the landing page's first download carries neither (they come with the first page
 * that calls the API), nor react-intl, which comes with the same pages.
 */
export const ChosenQueryClient = createContext<QueryClient | undefined>(undefined);

let siteQueryClient: QueryClient | undefined;

/** The site's one query client, created on first use: one cache shared by every page. */
function siteClient(): QueryClient {
  siteQueryClient ??= createQueryClient();
  return siteQueryClient;
}

export function QueryScope({ children }: { children: ReactNode }) {
  const chosen = useContext(ChosenQueryClient);
  return <QueryClientProvider client={chosen ?? siteClient()}>{children}</QueryClientProvider>;
}

/** `Page` rendered under the site's query client, with the message formatter in the visitor's language. */
export function withQueryScope<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  function Scoped(props: Props) {
    return (
      <QueryScope>
        <PageIntl>
          <Page {...props} />
        </PageIntl>
      </QueryScope>
    );
  }
  Scoped.displayName = `WithQueryScope(${Page.displayName ?? Page.name})`;
  return Scoped;
}
