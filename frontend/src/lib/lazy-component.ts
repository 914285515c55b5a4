import { lazy, type ComponentType } from 'react';
import { languageStore } from './i18n/language';

/** A component whose code is fetched the first time it is shown (or asked for earlier with `preload`). */
export type LazyComponent<Props extends object = object> = ComponentType<Props> & {
  /** Fetches the code now, so showing the component later does not wait; safe to call any number of times. */
  preload: () => Promise<void>;
};

type ComponentModule<Props> = { default: ComponentType<Props> };

/**
 * A page or dialog split into its own chunk, so the landing page does not download it. Before its code has arrived it
 * suspends (the nearest Suspense shows a loading state, a transition keeps the old screen); once preloaded it renders
 * at once: React.lazy reads a thenable that has already resolved without suspending, so a visitor who was offered the
 * next page in advance never waits for it.
 */
export function lazyComponent<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyComponent<Props> {
  let loaded: ComponentModule<Props> | undefined;
  let loading: Promise<void> | undefined;

  const preload = (): Promise<void> => {
    loading ??= load().then(
      (module) => {
        loaded = { default: pick(module) };
      },
      (error: unknown) => {
        // A failed fetch (a dropped connection) may be retried by the next preload.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  const alreadyResolved = (module: ComponentModule<Props>) =>
    ({ then: (onFulfilled: (value: ComponentModule<Props>) => unknown) => onFulfilled(module) }) as unknown as Promise<ComponentModule<Props>>;

  const Component = lazy(() => (loaded ? alreadyResolved(loaded) : preload().then(() => loaded!)));
  return Object.assign(Component, { preload }) as unknown as LazyComponent<Props>;
}

/**
 * A lazy page or dialog that calls the API: its chunk, React Query's (with the site's query client) and react-intl's,
 * and the pages' part of the visitor's catalog are fetched together, in parallel, so none is in the landing page's
 * first download and none waits for another.
 */
export function lazyComponentWithQueries<Module, Props extends object = object>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyComponent<Props> {
  return lazyComponent(
    () => Promise.all([load(), import('./query-scope'), languageStore.loadPages()]),
    ([module, { withQueryScope }]) => withQueryScope(pick(module)),
  );
}
