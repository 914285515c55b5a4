import { enPages, type PagesCatalog, type PageKey } from './en-pages';
import { enSite, type SiteCatalog, type SiteKey } from './en-site';

/**
 * The English catalog: every text a reporter can meet on the site, by key, in ICU MessageFormat. A language's catalog
 * is one set of keys kept in two modules, so that each text travels with the code that shows it: `site` (what shows
 * before any page is fetched, in the landing page's download) and `pages` (fetched with the pages). A test checks
 * that every other language has exactly these keys, with the same arguments.
 * A message with `{arguments}` is formatted with react-intl (`useFormat`); a plain one may be read as it is
 * (`useMessages`), which the landing page does without the formatter.
 */
export const en = { ...enSite, ...enPages } as const;

export type MessageKey = SiteKey | PageKey;
export type Catalog = SiteCatalog & PagesCatalog;
export type { PagesCatalog, SiteCatalog };
