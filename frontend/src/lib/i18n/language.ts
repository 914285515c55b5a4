import type { LanguageLabel } from '@swarm/proto/labels';
import { useSyncExternalStore } from 'react';
import type { Catalog, PagesCatalog, SiteCatalog } from './messages/en';
import { enSite } from './messages/en-site';

export type Language = LanguageLabel;

/**
 * The site's languages (those a report may name, @swarm/proto/labels `languages`), each named in itself, in the
 * order the switch offers them. Only the type is imported: the vocabularies' code stays out of the landing page.
 */
export const languageNames: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };
export const siteLanguages = Object.keys(languageNames) as readonly Language[];
const DEFAULT_LANGUAGE: Language = 'en';

/** Where the device keeps the visitor's choice. */
export const LANGUAGE_STORAGE_KEY = 'swarm-alert.language';

/**
 * How each part of each catalog arrives. Only English's first part ships with the landing page; the pages' part comes
 * with the pages, and a language's catalog is fetched the first time it is used, so an English visitor never downloads
 * a Spanish text. Adding a language adds its two lines here (and its catalog and name).
 */
const siteLoaders: Readonly<Record<Language, () => Promise<SiteCatalog>>> = {
  en: () => Promise.resolve(enSite),
  es: () => import('./messages/es-site').then((module) => module.esSite),
};
const pagesLoaders: Readonly<Record<Language, () => Promise<PagesCatalog>>> = {
  en: () => import('./messages/en-pages').then((module) => module.enPages),
  es: () => import('./messages/es-pages').then((module) => module.esPages),
};

const sites = new Map<Language, Promise<SiteCatalog>>();
const pages = new Map<Language, Promise<PagesCatalog>>();

/** Fetched once; a failed fetch (a dropped connection) may be tried again. */
function once<T>(cache: Map<Language, Promise<T>>, language: Language, load: () => Promise<T>): Promise<T> {
  let loading = cache.get(language);
  if (!loading) {
    loading = load().catch((error: unknown) => {
      cache.delete(language);
      throw error;
    });
    cache.set(language, loading);
  }
  return loading;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(languageNames, value);
}

/** The first of the browser's languages the site speaks ('es-MX' is Spanish), English when none is. */
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

function storedLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    // Storage refused (a private window with storage blocked): the browser's languages decide.
    return undefined;
  }
}

function remember(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered on this device; the choice still holds for this visit.
  }
}

/** The language a visit starts in: the one chosen earlier on this device, else the browser's. */
export function initialLanguage(): Language {
  return storedLanguage() ?? languageFromBrowser(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

/** The visitor's language and what of its catalog has arrived: the pages' part once a page was fetched. */
export type LanguageState = { language: Language; site: SiteCatalog; messages?: Catalog };

let state: LanguageState = { language: DEFAULT_LANGUAGE, site: enSite };
const listeners = new Set<() => void>();

function apply(language: Language, site: SiteCatalog, pagesCatalog: PagesCatalog | undefined): void {
  state = { language, site, ...(pagesCatalog ? { messages: { ...site, ...pagesCatalog } } : {}) };
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/**
 * The visitor's language, and its catalog. Choosing a language fetches its catalog first (the page keeps its words
 * meanwhile), then changes every text and `<html lang>` at once, and remembers the choice on the device.
 */
export const languageStore = {
  get: (): LanguageState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Starts the visit in its language; resolves once the first part of its catalog is here, so the first paint is in it. */
  async start(language: Language = initialLanguage()): Promise<void> {
    try {
      // The pages' part is kept when it has been fetched already (a test going back to English).
      const [site, pagesCatalog] = await Promise.all([once(sites, language, siteLoaders[language]), pages.get(language)]);
      apply(language, site, pagesCatalog);
    } catch {
      // The catalog could not be fetched (offline on a first visit): English rather than no page.
      apply(DEFAULT_LANGUAGE, enSite, undefined);
    }
  },
  /** The pages' part of the current language's catalog, fetched with the first page that needs it. */
  async loadPages(): Promise<void> {
    const language = state.language;
    const pagesCatalog = await once(pages, language, pagesLoaders[language]);
    if (state.language === language && !state.messages) apply(language, state.site, pagesCatalog);
  },
  async choose(language: Language): Promise<void> {
    const [site, pagesCatalog] = await Promise.all([once(sites, language, siteLoaders[language]), once(pages, language, pagesLoaders[language])]);
    remember(language);
    apply(language, site, pagesCatalog);
  },
};

export function useLanguage(): LanguageState {
  return useSyncExternalStore(languageStore.subscribe, languageStore.get);
}

/** The texts shown before any page is fetched: what the landing page, the layout and the error panel say. */
export function useSiteMessages(): SiteCatalog {
  return useLanguage().site;
}

/**
 * The whole catalog, for the pages fetched on demand (their loader fetched its second part with them). Texts without
 * arguments are read as they are; those with arguments go through `useFormat`.
 */
export function useMessages(): Catalog {
  const { messages } = useLanguage();
  if (!messages) throw new Error('useMessages is for pages fetched with lazyComponentWithQueries, which fetches their texts');
  return messages;
}
