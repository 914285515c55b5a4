import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';

describe('landing page', () => {
  it('warns that only honeybee swarms are handled, not wasps, hornets or yellow jackets', () => {
    renderAppAt('/');

    const notice = screen.getByRole('complementary', { name: 'Honeybees only' });
    expect(notice).toHaveTextContent('This service handles only honeybee swarms.');
    expect(notice).toHaveTextContent("We can't help with wasps, hornets or yellow jackets.");
  });

  it('starts a report with the cluster check', () => {
    renderAppAt('/');

    expect(screen.getByRole('link', { name: 'Report a swarm' })).toHaveAttribute('href', '/identify/check-cluster');
  });

  it('links to how it works and to member login', () => {
    renderAppAt('/');

    expect(screen.getByRole('link', { name: 'How does it work?' })).toHaveAttribute('href', '/about');
    expect(screen.getByRole('link', { name: 'Member login' })).toHaveAttribute('href', '/login');
  });

  it('invites associations to learn more', () => {
    renderAppAt('/');

    const associationSection = screen.getByRole('region', { name: 'Are you an association?' });
    expect(within(associationSection).getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/learn-more');
  });

  it('leads to the first identification question when Report a swarm is followed', async () => {
    const { user, router } = renderAppAt('/');

    await user.click(screen.getByRole('link', { name: 'Report a swarm' }));

    expect(router.state.location.pathname).toBe('/identify/check-cluster');
    expect(screen.getByRole('heading', { level: 1, name: 'Are the bees in a swarm (cluster)?' })).toBeInTheDocument();
  });
});
