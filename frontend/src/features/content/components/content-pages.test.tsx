import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { SIGN_UP_UNAVAILABLE } from '@/features/associations/components/learn-more-page';

describe('policy pages', () => {
  it.each(['/privacy', '/tos'])('%s was last updated on 2024-03-27', (path) => {
    renderAppAt(path);

    expect(screen.getByRole('article')).toHaveTextContent('Last updated 2024-03-27');
  });

  it('the privacy policy says reporter details go only to the beekeeper who claims the swarm', () => {
    renderAppAt('/privacy');

    const policy = screen.getByRole('article');
    expect(policy).toHaveTextContent('shared only with the one beekeeper who claims the swarm');
    expect(policy).toHaveTextContent('you agree to receive text messages about swarm alerts');
    expect(screen.getByRole('heading', { level: 2, name: 'How long we keep it' })).toBeInTheDocument();
  });
});

describe('about page', () => {
  it('gives the four steps for reporters in order', () => {
    renderAppAt('/about');

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Stay calm',
      'Keep your distance',
      'Identify and inform',
      'We alert a keeper',
    ]);
  });
});

describe('getting started guide', () => {
  it('covers each part of a member first visit', () => {
    renderAppAt('/getting-started');

    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Log in',
      'Required information',
      'Onboarding tour',
      'Add your association',
      'Set your availability',
      'Active and claimed reports',
      'Inactive association',
    ]);
  });
});

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
