import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { SIGN_UP_UNAVAILABLE } from './learn-more-page';

describe('learn more page', () => {
  it('states the cost: $0.07 per alert per member, top-ups above $10, funds never expire', () => {
    renderAppAt('/learn-more');

    const page = screen.getByRole('article');
    expect(page).toHaveTextContent('$0.07 per alert per member');
    expect(page).toHaveTextContent('any amount above $10');
    expect(page).toHaveTextContent('Funds never expire');
  });

  it('Sign Up Today leaves the app for the admin sign-in on the gateway', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubApi({ 'GET /config': () => jsonResponse({ ...devConfig, loginProviders: { google: true } }) });
    const { user } = renderAppAt('/learn-more');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up Today' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Sign Up Today' }));

    expect(assign).toHaveBeenCalledWith('/api/oauth/google/admin');
  });

  it('disables Sign Up Today with a plain sentence when the gateway has no Google credentials', async () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    renderAppAt('/learn-more');

    expect(await screen.findByText(SIGN_UP_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up Today' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign Up Today' })).toHaveAccessibleDescription(SIGN_UP_UNAVAILABLE);
  });

  it('explains a sign-up the gateway sent back', () => {
    stubApi({ 'GET /config': () => jsonResponse(devConfig) });
    renderAppAt('/learn-more?signup=provider-not-configured&provider=google');

    expect(screen.getByRole('alert')).toHaveTextContent('Association sign-up is not available on this site right now.');
  });
});
