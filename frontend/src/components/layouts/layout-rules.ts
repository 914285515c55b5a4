import { paths } from '@/config/paths';

/** Spec §2: the header bar is hidden on the landing page only. */
export const showsHeader = (pathname: string): boolean => pathname !== paths.landing.path;

/** Spec §2: the footer offers a way home everywhere except home. */
export const showsHomeButton = (pathname: string): boolean => pathname !== paths.landing.path;

/** Spec §2: routes containing "member" or "report" hide the powered-by line. */
export const showsPoweredBy = (pathname: string): boolean =>
  !['member', 'report'].some((segment) => pathname.toLowerCase().includes(segment));

/** The pages a reporter can reach, which speak the visitor's language; the member pages, login and pitch stay English. */
const TRANSLATED_PREFIXES = ['/report', '/identify/', '/about', '/privacy', '/tos', '/success/', '/faq'];

export const isTranslated = (pathname: string): boolean =>
  pathname === paths.landing.path || TRANSLATED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
