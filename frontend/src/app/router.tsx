import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createAppRoutes } from './routes/app-routes';

export function AppRouter() {
  // Created once per mounted app rather than at import time, so importing the module has no side effects.
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
