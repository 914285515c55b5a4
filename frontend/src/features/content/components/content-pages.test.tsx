import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devConfig, jsonResponse, stubApi } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';

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

  it("the privacy policy states the site's own period for a reporter's details, and what stays", async () => {
    stubApi({ 'GET /config': () => jsonResponse({ ...devConfig, reporterDataDays: 45 }) });
    renderAppAt('/privacy');

    const policy = screen.getByRole('article');
    expect(await screen.findByText(/45 days after a report ends/)).toBeInTheDocument();
    expect(policy).toHaveTextContent('we erase your name, your phone number, the street address, the exact location and the photos');
    expect(policy).toHaveTextContent('the town, the times, the swarm\'s size and height, what became of it, and the charges');
  });

  it('the privacy policy names the standard period as such while the site has not said its own', () => {
    stubApi({ 'GET /config': () => new Promise<Response>(() => undefined) });
    renderAppAt('/privacy');

    expect(screen.getByRole('article')).toHaveTextContent('30 days (our standard period) after a report ends');
  });

  it('the privacy policy states what deleting an account erases and what it keeps', () => {
    renderAppAt('/privacy');

    expect(screen.getByRole('heading', { level: 2, name: 'Deleting your account' })).toBeInTheDocument();
    const policy = screen.getByRole('article');
    expect(policy).toHaveTextContent(
      'we erase your name, email address, phone number, home address, availability, how you chose to be alerted and the devices you get notifications on',
    );
    expect(policy).toHaveTextContent('you are logged out on every device and removed from every association');
    expect(policy).toHaveTextContent('the charges for alerts sent to you keep their amounts');
    expect(policy).toHaveTextContent('Download my data');
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
