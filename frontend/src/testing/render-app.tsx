import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigateFunction,
  type NavigationType,
  type RouteObject,
} from 'react-router-dom';
import { createAppRoutes } from '@/app/routes/app-routes';
import { createQueryClient } from '@/lib/query-client';
import { TestAppProvider } from './test-app-provider';

interface RenderAppOptions {
  /** Replaces the page routes under the shared layout, e.g. to mount a component that throws. */
  pageRoutes?: RouteObject[];
}

/** Where the rendered app is, and a way to go elsewhere as a link would. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: (to: string) => Promise<void>;
}

/** Keeps `router` up to date with the app's location on every render of the routes. */
function RouterProbe({ router, navigateTo }: { router: { state?: TestRouter['state'] }; navigateTo: { current?: NavigateFunction } }) {
  router.state = { location: useLocation(), historyAction: useNavigationType() };
  navigateTo.current = useNavigate();
  return null;
}

function AppRoutes({ pageRoutes }: RenderAppOptions) {
  return useRoutes(createAppRoutes(pageRoutes));
}

/** Renders the whole app (providers, layout, routes) as if the browser had opened `path`. */
export function renderAppAt(path: string, { pageRoutes }: RenderAppOptions = {}) {
  const navigateTo: { current?: NavigateFunction } = {};
  const probed: { state?: TestRouter['state'] } = {};
  const router: TestRouter = {
    get state() {
      if (!probed.state) throw new Error('the app has not rendered yet');
      return probed.state;
    },
    navigate: async (to) => {
      await act(async () => {
        await navigateTo.current?.(to);
      });
    },
  };
  // Retries would turn a failing query into a slow test instead of an immediate error state.
  const queryClient = createQueryClient({ queries: { retry: false }, mutations: { retry: false } });
  const user = userEvent.setup();
  const result = render(
    <TestAppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe router={probed} navigateTo={navigateTo} />
        <AppRoutes pageRoutes={pageRoutes} />
      </MemoryRouter>
    </TestAppProvider>,
  );
  return { ...result, router, queryClient, user };
}
