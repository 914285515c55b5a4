import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '@/testing/render-app';

const footer = () => screen.getByRole('contentinfo');

describe('header', () => {
  it('is hidden on the landing page', () => {
    renderAppAt('/');

    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('is shown on other pages and links home', () => {
    renderAppAt('/about');

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Swarm Alert' })).toHaveAttribute('href', '/');
  });
});

describe('footer', () => {
  it('has no Home button on the landing page', () => {
    renderAppAt('/');

    expect(within(footer()).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });

  it.each(['/about', '/report', '/member', '/identify/size', '/success/r-123'])('has a Home button on %s', (path) => {
    renderAppAt(path);

    expect(within(footer()).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  });

  it.each(['/', '/about', '/faq', '/identify/check-cluster'])('shows the powered-by line and privacy link on %s', (path) => {
    renderAppAt(path);

    expect(footer()).toHaveTextContent('Powered by Swarm Alert');
    expect(within(footer()).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it.each(['/report', '/identify/report', '/member', '/member/profile'])('hides the powered-by line on %s', (path) => {
    renderAppAt(path);

    expect(footer()).not.toHaveTextContent('Powered by');
    expect(within(footer()).queryByRole('link', { name: 'Privacy Policy' })).not.toBeInTheDocument();
  });
});
