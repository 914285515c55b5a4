import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorFallback } from './error-fallback';

/** The router catches errors thrown while rendering a route before any outer boundary can. */
export function RouteErrorFallback() {
  const error = useRouteError();
  return <ErrorFallback error={isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error} />;
}
