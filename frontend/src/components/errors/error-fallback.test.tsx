import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { languageStore } from '@/lib/i18n/language';
import { renderAppAt } from '@/testing/render-app';
import { theme } from '@/styles/theme';
import { ErrorFallback } from './error-fallback';

function BrokenPage({ message }: { message: string }): never {
  throw new Error(message);
}

// React and the router report caught errors on the console; keep the test output readable.
const silenceExpectedErrorLogs = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('error fallback panel', () => {
  it('speaks the visitor’s language: the title, the generic sentence and the button in Spanish', async () => {
    silenceExpectedErrorLogs();
    await act(() => languageStore.choose('es'));

    renderAppAt('/broken', { pageRoutes: [{ path: 'broken', element: <BrokenPage message="Cannot read properties of undefined" /> }] });

    const panel = screen.getByRole('alertdialog', { name: 'Algo salió mal:' });
    expect(panel).toHaveTextContent('Ocurrió un error inesperado. Intente recargar la página.');
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeInTheDocument();
  });

  it('shows the error message when a page fails to render', () => {
    silenceExpectedErrorLogs();

    renderAppAt('/broken', { pageRoutes: [{ path: 'broken', element: <BrokenPage message="Map failed to load" /> }] });

    const panel = screen.getByRole('alertdialog', { name: 'Something went wrong:' });
    expect(panel).toHaveTextContent('Map failed to load');
  });

  it('keeps the header above the panel, and shows the next page once the visitor goes elsewhere', async () => {
    silenceExpectedErrorLogs();
    const { router } = renderAppAt('/broken', {
      pageRoutes: [
        { path: 'broken', element: <BrokenPage message="Map failed to load" /> },
        { path: 'fine', element: <h1>A page that works</h1> },
      ],
    });
    expect(screen.getByRole('alertdialog', { name: 'Something went wrong:' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await router.navigate('/fine');

    expect(await screen.findByRole('heading', { level: 1, name: 'A page that works' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('catches errors thrown outside the router too', () => {
    silenceExpectedErrorLogs();

    render(
      <AppProvider>
        <BrokenPage message="Provider exploded" />
      </AppProvider>,
    );

    expect(screen.getByRole('alertdialog', { name: 'Something went wrong:' })).toHaveTextContent('Provider exploded');
  });

  it('falls back to a generic message when the error has none', () => {
    render(
      <ThemeProvider theme={theme}>
        <ErrorFallback error={new Error('')} />
      </ThemeProvider>,
    );

    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'An unexpected error occurred. Please try refreshing the page.',
    );
  });

  it('reloads the page when Reload is pressed', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <ThemeProvider theme={theme}>
        <ErrorFallback error={new Error('Boom')} />
      </ThemeProvider>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('the fallback panel never shows developer text', () => {
  it.each([
    ['a TypeError from the engine', new TypeError('t.data.map is not a function')],
    ["React's minified error", new Error('Minified React error #31; visit https://react.dev/errors/31?args[]=object%20with%20keys%20%7Bname%7D for the full message')],
    ['a stack trace in the message', new Error('Boom\n    at render (https://example.org/assets/index-abc.js:1:2345)')],
    ['a message about undefined', new Error("Cannot read properties of undefined (reading 'map')")],
    ['a very long message', new Error('x'.repeat(500))],
  ])('shows the generic sentence for %s', (_case, error) => {
    render(
      <ThemeProvider theme={theme}>
        <ErrorFallback error={error} />
      </ThemeProvider>,
    );

    const panel = screen.getByRole('alertdialog', { name: 'Something went wrong:' });
    expect(panel).toHaveTextContent('An unexpected error occurred. Please try refreshing the page.');
    expect(panel).not.toHaveTextContent(/Minified|is not a function|undefined|at render|xxxx/);
  });
});
