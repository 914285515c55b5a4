import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/routes/app-routes';
import { createQueryClient } from '@/lib/query-client';

interface RenderAppOptions {
  /** Replaces the page routes under the shared layout, e.g. to mount a component that throws. */
  pageRoutes?: RouteObject[];
}

/** Renders the whole app (providers, layout, routes) as if the browser had opened `path`. */
export function renderAppAt(path: string, { pageRoutes }: RenderAppOptions = {}) {
  const router = createMemoryRouter(createAppRoutes(pageRoutes), { initialEntries: [path] });
  // Retries would turn a failing query into a slow test instead of an immediate error state.
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient, user };
}
