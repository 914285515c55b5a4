import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, languageFromBrowser, languageStore } from '@/lib/i18n/language';
import { renderAppAt } from '@/testing/render-app';

const languageNav = () => screen.getByRole('navigation', { name: /^(Language|Idioma)$/ });

describe('choosing the language', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads the first language of the browser the site speaks, English otherwise', () => {
    expect(languageFromBrowser(['es-MX', 'en-US'])).toBe('es');
    expect(languageFromBrowser(['fr-FR', 'ES'])).toBe('es');
    expect(languageFromBrowser(['en-GB', 'es'])).toBe('en');
    expect(languageFromBrowser(['fr', 'de'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });

  it('starts a visit in the language chosen earlier on the device, else in the browser’s', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-US', 'en']);
    await act(() => languageStore.start());
    expect(languageStore.get().language).toBe('es');
    expect(document.documentElement.lang).toBe('es');

    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await act(() => languageStore.start());
    expect(languageStore.get().language).toBe('en');

    // Anything else kept under the key is no choice.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'klingon');
    await act(() => languageStore.start());
    expect(languageStore.get().language).toBe('es');
  });

  it('offers English and Español on the landing page, each named in its own language, the current one pressed', () => {
    renderAppAt('/');
    const nav = languageNav();
    expect(within(nav).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(nav).getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(nav).getByRole('button', { name: 'Español' })).toHaveAttribute('lang', 'es');
  });

  it('turns the page into Spanish, sets <html lang> and remembers the choice; English turns it back', async () => {
    const { user } = renderAppAt('/');
    await user.click(screen.getByRole('button', { name: 'Español' }));

    expect(await screen.findByRole('heading', { level: 1, name: '¿Encontró un enjambre de abejas melíferas?' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Solo abejas melíferas' })).toHaveTextContent('No podemos ayudar con avispas, avispones ni avispas chaqueta amarilla.');
    expect(screen.getByRole('link', { name: 'Reportar un enjambre' })).toHaveAttribute('href', '/identify/check-cluster');
    expect(screen.getByRole('button', { name: 'Comentarios' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');

    await user.click(within(languageNav()).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('is on every page a reporter can reach, and the pages follow it', async () => {
    const { user, router } = renderAppAt('/identify/check-cluster');
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { level: 1, name: '¿Las abejas forman un enjambre (un racimo)?' })).toBeInTheDocument();
    expect(screen.getByText('Paso 1 de 4')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'No' }));
    const dialog = screen.getByRole('dialog', { name: 'Podrían ser avispas' });
    expect(dialog).toHaveTextContent('Las avispas son buenas para el medio ambiente');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));

    for (const path of ['/identify/size', '/identify/check-above-ground', '/identify/elevation', '/report', '/about', '/privacy', '/tos', '/success/5f0c6c1e-5a55-4c4b-9d7a-0d7e7b8f3a11']) {
      await router.navigate(path);
      expect(languageNav(), path).toBeInTheDocument();
    }
    await router.navigate('/tos');
    // The terms are a document of their own in Spanish, fetched when shown.
    expect(await screen.findByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeInTheDocument();
  });

  it('leaves the member pages in English, marked so, without the switch', async () => {
    await act(() => languageStore.choose('es'));
    renderAppAt('/login');
    expect(screen.queryByRole('navigation', { name: 'Idioma' })).not.toBeInTheDocument();
    expect(screen.getByRole('main').closest('[lang]')).toHaveAttribute('lang', 'en');
  });
});
