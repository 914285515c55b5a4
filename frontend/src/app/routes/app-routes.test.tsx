import { screen } from '@testing-library/react';
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
];

describe('routes', () => {
  it.each(pageHeadings)('%s shows its page', (path, heading) => {
    renderAppAt(path);

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows the landing page for an unknown address', () => {
    renderAppAt('/no/such/page');

    expect(screen.getByRole('heading', { level: 1, name: 'Found a swarm of honeybees?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Report a swarm' })).toBeInTheDocument();
  });
});
