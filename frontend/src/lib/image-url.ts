import { env } from '@/config/env';

/**
 * The gateway names report images by their '/api/...' path. When the app is built against another API base
 * (VITE_API_BASE_URL), the same path is asked from there so the image comes from the server holding the session.
 */
export function resolveImageUrl(url: string): string {
  if (url === '') return '';
  if (url.startsWith('/api/') && env.apiBaseUrl !== '/api') return `${env.apiBaseUrl.replace(/\/+$/, '')}${url.slice('/api'.length)}`;
  return url;
}
