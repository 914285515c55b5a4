import { BrowserRouter, useRoutes } from 'react-router-dom';
import { createAppRoutes } from './routes/app-routes';

/**
 * A declarative router: the pages load no data through the router (React Query does), and React Router's data
 * router weighs 17 KB gzip more in the landing page's first download.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

function AppRoutes() {
  return useRoutes(createAppRoutes());
}
