import { useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { lazyComponent, lazyComponentWithQueries } from './lazy-component';
import { createQueryClient } from './query-client';
import { ChosenQueryClient } from './query-scope';

function deferredModule() {
  let resolve!: (module: { Page: () => React.JSX.Element }) => void;
  const promise = new Promise<{ Page: () => React.JSX.Element }>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const ArrivedPage = () => <h1>The arrived page</h1>;

describe('a page fetched on demand', () => {
  it('shows an announced loading state in the layout until its code arrives, then the page', async () => {
    const module = deferredModule();
    const Page = lazyComponent(() => module.promise, (loaded) => loaded.Page);

    renderAppAt('/later', { pageRoutes: [{ path: 'later', element: <Page /> }] });

    expect(screen.getByRole('status')).toHaveTextContent('Loading the page…');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('status'));
    expect(screen.queryByRole('heading', { name: 'The arrived page' })).not.toBeInTheDocument();

    await act(async () => module.resolve({ Page: ArrivedPage }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The arrived page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page…')).not.toBeInTheDocument();
  });

  it('renders at once, without the loading state, once preloaded', async () => {
    let fetches = 0;
    const Page = lazyComponent(
      async () => {
        fetches += 1;
        return { Page: ArrivedPage };
      },
      (loaded) => loaded.Page,
    );

    await Promise.all([Page.preload(), Page.preload()]);
    renderAppAt('/later', { pageRoutes: [{ path: 'later', element: <Page /> }] });

    expect(screen.getByRole('heading', { level: 1, name: 'The arrived page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the page…')).not.toBeInTheDocument();
    expect(fetches).toBe(1);
  });

  it('fetches again on the next preload after a failed fetch', async () => {
    let attempts = 0;
    const Page = lazyComponent(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection dropped');
        return { Page: ArrivedPage };
      },
      (loaded) => loaded.Page,
    );

    await expect(Page.preload()).rejects.toThrow('connection dropped');
    await Page.preload();

    expect(attempts).toBe(2);
  });

  it('gives a page fetched with its queries the site query client, the same for every such page', async () => {
    const clients: unknown[] = [];
    const pageUsingQueries = () => ({
      Page: () => {
        clients.push(useQueryClient());
        return <p>The page calling the API</p>;
      },
    });
    const First = lazyComponentWithQueries(async () => pageUsingQueries(), (loaded) => loaded.Page);
    const Second = lazyComponentWithQueries(async () => pageUsingQueries(), (loaded) => loaded.Page);
    await Promise.all([First.preload(), Second.preload()]);

    // No query client above: the landing page's providers hold none.
    render(
      <Suspense fallback={null}>
        <First />
        <Second />
      </Suspense>,
    );

    expect(await screen.findAllByText('The page calling the API')).toHaveLength(2);
    expect(clients[0]).toBeDefined();
    expect(clients.every((client) => client === clients[0])).toBe(true);
  });

  it('uses the query client a test chose', async () => {
    const chosen = createQueryClient();
    let used: unknown;
    const Page = lazyComponentWithQueries(
      async () => ({
        Page: () => {
          used = useQueryClient();
          return <p>Chosen</p>;
        },
      }),
      (loaded) => loaded.Page,
    );
    await Page.preload();

    render(
      <ChosenQueryClient.Provider value={chosen}>
        <Page />
      </ChosenQueryClient.Provider>,
    );

    expect(await screen.findByText('Chosen')).toBeInTheDocument();
    expect(used).toBe(chosen);
  });
});
