import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { lazyComponent } from './lazy-component';

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
});
