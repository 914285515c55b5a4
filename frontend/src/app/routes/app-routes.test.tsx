import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';

const pageHeadings: [path: string, heading: string][] = [
  ['/report', 'Report a swarm'],
  ['/identify/check-cluster', 'Are the bees in a swarm (cluster)?'],
  ['/identify/size', 'Approximately how large is the swarm?'],
  ['/identify/check-above-ground', 'Is the swarm above ground?'],
  ['/identify/elevation', 'Approximately how high up is the swarm?'],
  ['/identify/report', 'Report a swarm'],
  ['/about', 'How it works'],
  ['/privacy', 'Privacy Policy'],
  ['/tos', 'Terms of Service'],
  ['/learn-more', 'Swarm Alert for beekeeping associations'],
  ['/success/r-123', 'Thank you for your report'],
  ['/getting-started', 'Getting started'],
  ['/faq', 'Frequently asked questions'],
  ['/member', 'Your profile'],
  ['/member/anything/below', 'Your profile'],
  ['/login', 'Member login'],
  ['/claim/tok.en-1', 'A swarm near you'],
];

describe('routes', () => {
  it.each(pageHeadings)('%s shows its page', (path, heading) => {
    renderAppAt(path);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('sends an unknown address to / (replacing it in the history), where the header bar is hidden', async () => {
    const { router } = renderAppAt('/no/such/page');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getAllByText('Swarm Alert', { selector: 'p, a' })).toHaveLength(1);
  });

  it.each(pageHeadings)('%s names the page in the document title', async (path, heading) => {
    renderAppAt(path);

    await waitFor(() => expect(document.title).toContain(heading === 'Your profile' ? 'Your profile' : heading));
  });

  it('moves the focus to the new page heading after a route change, not on the first load', async () => {
    const { user } = renderAppAt('/');
    expect(document.activeElement).toBe(document.body);

    await user.click(screen.getByRole('link', { name: 'How does it work?' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'How it works' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('How it works | Swarm Alert');
  });

  it('leaves the focus where the page put it (an FAQ entry asked for)', async () => {
    const { user, router } = renderAppAt('/about');

    await router.navigate('/faq?section=cost');

    const entry = await screen.findByRole('button', { expanded: true });
    await waitFor(() => expect(document.activeElement).toBe(entry));
    void user;
  });
});
